import type { JsonSchema, ModuleAnnotations } from '@apcore-mcp/core';
import { aggregateAnnotations } from '../aggregate-annotations.js';
import { normalizeAnnotations } from '../normalize-annotations.js';
import { describeGroup, type EncodeActionTable } from './describe-group.js';
import type { GroupAction } from './group-action.js';
import { mergeActionSchemas } from './merge-action-schemas.js';

/**
 * What a client may read about one action of a grouped tool (its `_meta['apcore/actions']`).
 *
 * @example
 * ```ts
 * const meta: ActionMeta = { moduleId: 'orders.cancel_order', annotations, requiresApproval: true };
 * ```
 */
export interface ActionMeta {
  moduleId: string;
  annotations: ModuleAnnotations;
  requiresApproval: boolean;
}

/**
 * The parts of a grouped tool every export shares (MCP tool, OpenAI function).
 *
 * @example
 * ```ts
 * const { description, inputSchema, annotations, actions }: GroupedToolParts = composeGroupedTool({ group, actions: list });
 * ```
 */
export interface GroupedToolParts {
  description: string;
  inputSchema: JsonSchema;
  /** Aggregated conservatively (see `aggregateAnnotations`); explicit ones win. */
  annotations: ModuleAnnotations;
  /** By action name. */
  actions: Record<string, ActionMeta>;
}

/**
 * Options of {@link composeGroupedTool}.
 *
 * @example
 * ```ts
 * const options: ComposeGroupedToolOptions = { group: 'orders', actions, annotations: { idempotent: true } };
 * ```
 */
export interface ComposeGroupedToolOptions {
  group: string;
  /** At least two actions, in the order they are listed. */
  actions: readonly GroupAction[];
  /** Annotations stated for the group; they win over the aggregate. */
  annotations?: Partial<ModuleAnnotations> | undefined;
  /** Encodes the description's action table (TOON); plain workflow lines when absent. */
  encodeTable?: EncodeActionTable | undefined;
}

/**
 * Everything a grouped tool is made of, computed once: the generated description, the merged
 * input schema with tiered field descriptions, the aggregated annotations, and each action's
 * module id, annotations and approval requirement.
 *
 * @example
 * ```ts
 * const parts = composeGroupedTool({ group: 'orders', actions });
 * parts.inputSchema.required; // ['action']
 * parts.actions.cancel_order.moduleId; // 'orders.cancel_order'
 * ```
 */
export function composeGroupedTool(options: ComposeGroupedToolOptions): GroupedToolParts {
  const { actions } = options;
  const actionMeta: Record<string, ActionMeta> = {};
  for (const entry of actions) {
    const annotations = normalizeAnnotations(entry.annotations ?? null);
    actionMeta[entry.action] = {
      moduleId: entry.moduleId,
      annotations,
      requiresApproval: annotations.requiresApproval,
    };
  }
  return {
    description: describeGroup(options),
    inputSchema: mergeActionSchemas(actions),
    annotations: aggregateAnnotations(
      actions.map((entry) => entry.annotations ?? null),
      options.annotations,
    ),
    actions: actionMeta,
  };
}
