import type { EncodeActionTable, GroupAction, GroupAnnotations } from '@apcore-mcp/annotations';
import { toExportedGroupedTool } from '@apcore-mcp/tool-export';
import { type ToOpenaiToolOptions, toOpenaiWireTool } from './to-openai-tool.js';
import type { OpenAITool } from './types.js';

/**
 * Options of {@link toGroupedOpenaiTool}.
 *
 * @example
 * ```ts
 * const options: ToGroupedOpenaiToolOptions = { strict: true };
 * ```
 */
export interface ToGroupedOpenaiToolOptions extends ToOpenaiToolOptions {
  /** Encodes the description's action table (pass `@apcore-mcp/toon`'s `encodeActionTable` for TOON). */
  encodeTable?: EncodeActionTable;
  /**
   * Annotations stated for the group; they win over the aggregate of its actions (what
   * `embedAnnotations` appends).
   */
  annotations?: GroupAnnotations[string];
}

/**
 * One OpenAI function standing for several modules (a group, see `planToolGroups`): a required
 * `action` enum plus the merged fields with their tiers, the generated description (plus the
 * aggregated annotation suffix with `embedAnnotations`); in strict mode the merged schema is
 * rewritten and checked like a module's (optional fields become nullable).
 *
 * @throws {StrictModeError} in strict mode, when the merged schema breaks a strict-mode rule.
 * @throws {InvalidToolNameError} when the group has no valid function name.
 * @example
 * ```ts
 * toGroupedOpenaiTool('orders', actions, { strict: true }).function.name; // 'orders'
 * ```
 */
export function toGroupedOpenaiTool(
  group: string,
  actions: readonly GroupAction[],
  options: ToGroupedOpenaiToolOptions = {},
): OpenAITool {
  return toOpenaiWireTool(toExportedGroupedTool(group, actions, options), options);
}
