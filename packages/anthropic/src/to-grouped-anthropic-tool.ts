import type { EncodeActionTable, GroupAction, GroupAnnotations } from '@apcore-mcp/annotations';
import { toExportedGroupedTool } from '@apcore-mcp/tool-export';
import { type ToAnthropicToolOptions, toAnthropicWireTool } from './to-anthropic-tool.js';
import type { AnthropicTool } from './types.js';

/**
 * Options of {@link toGroupedAnthropicTool}.
 *
 * @example
 * ```ts
 * const options: ToGroupedAnthropicToolOptions = { strict: true };
 * ```
 */
export interface ToGroupedAnthropicToolOptions extends ToAnthropicToolOptions {
  /** Encodes the description's action table (pass `@apcore-mcp/toon`'s `encodeActionTable` for TOON). */
  encodeTable?: EncodeActionTable;
  /**
   * Annotations stated for the group; they win over the aggregate of its actions (what
   * `embedAnnotations` appends).
   */
  annotations?: GroupAnnotations[string];
}

/**
 * One Anthropic tool standing for several modules (a group, see `planToolGroups`): a required
 * `action` enum plus the merged fields with their tiers, the generated description (plus the
 * aggregated annotation suffix with `embedAnnotations`); in strict mode the merged schema is
 * rewritten and checked like a module's. Route its calls back with `dispatchAnthropicToolUse(...,
 * { groups })`.
 *
 * @throws {AnthropicToolError} when the Messages API would refuse the merged tool.
 * @throws {InvalidToolNameError} when the group has no valid tool name.
 * @example
 * ```ts
 * toGroupedAnthropicTool('orders', actions, { strict: true }).name; // 'orders'
 * ```
 */
export function toGroupedAnthropicTool(
  group: string,
  actions: readonly GroupAction[],
  options: ToGroupedAnthropicToolOptions = {},
): AnthropicTool {
  return toAnthropicWireTool(toExportedGroupedTool(group, actions, options), options);
}
