import {
  composeGroupedTool,
  type EncodeActionTable,
  type GroupAction,
  type GroupMember,
  planToolGroups,
  REQUIRES_APPROVAL_META_KEY,
  STREAMING_META_KEY,
  type ToolPlan,
  toMcpAnnotations,
  toToolMeta,
} from '@apcore-mcp/annotations';
import type { ModuleAnnotations } from '@apcore-mcp/core';
import type { Logger, ToolNameStyle } from '@apcore-mcp/core/bridge';
import { toToolName } from '@apcore-mcp/core/bridge';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ServedTool } from '../kernel/served-tool.js';
import type { ToolGrouping } from './grouping-options.js';

/**
 * What {@link groupServedTools} needs besides the tools.
 *
 * @example
 * ```ts
 * const options: GroupServedToolsOptions = { grouping: 'namespace', maxTools: 40, groupAnnotations: {}, toolNames: 'safe', logger };
 * ```
 */
export interface GroupServedToolsOptions extends GroupComposing {
  grouping: ToolGrouping['grouping'];
  maxTools: number;
  /** A module's tags, for the `'tag'` grouping. */
  tagsOf?: (moduleId: string) => readonly string[] | undefined;
  toolNames: ToolNameStyle;
  logger: Logger;
}

/** `_meta` key of a grouped tool: the group (the module id prefix) it stands for. */
export const GROUP_META_KEY = 'apcore/group';

/** `_meta` key of a grouped tool: each action's module id, annotations and approval requirement. */
export const ACTIONS_META_KEY = 'apcore/actions';

/** A module's annotations read back from its built tool (hints plus the apcore `_meta` facts). */
function annotationsOf(tool: McpTool): ModuleAnnotations {
  const hints = tool.annotations ?? {};
  return {
    readonly: hints.readOnlyHint === true,
    destructive: hints.destructiveHint === true,
    idempotent: hints.idempotentHint === true,
    openWorld: hints.openWorldHint !== false,
    requiresApproval: tool._meta?.[REQUIRES_APPROVAL_META_KEY] === true,
    streaming: tool._meta?.[STREAMING_META_KEY] === true,
  };
}

function toGroupAction(member: GroupMember, served: ServedTool): GroupAction {
  const { tool } = served;
  return {
    action: member.action,
    moduleId: member.moduleId,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    annotations: annotationsOf(tool),
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * What composing a grouped tool reads: the annotations stated per group and, with
 * `toonDescriptions`, the encoder of the action table (`@apcore-mcp/toon`'s, loaded by the
 * runtime: tool building is synchronous).
 *
 * @example
 * ```ts
 * const composing: GroupComposing = { groupAnnotations: {}, encodeTable: encodeActionTable };
 * ```
 */
export interface GroupComposing {
  groupAnnotations: ToolGrouping['groupAnnotations'];
  /** Encodes the action table; one workflow line per action when absent. */
  encodeTable?: EncodeActionTable | undefined;
}

function buildGroupedEntry(
  name: string,
  group: string,
  members: ReadonlyArray<{ member: GroupMember; served: ServedTool }>,
  options: GroupComposing,
): ServedTool {
  const parts = composeGroupedTool({
    group,
    actions: members.map(({ member, served }) => toGroupAction(member, served)),
    annotations: options.groupAnnotations[group],
    encodeTable: options.encodeTable,
  });
  const meta: Record<string, unknown> = toToolMeta(parts.annotations);
  meta[GROUP_META_KEY] = group;
  meta[ACTIONS_META_KEY] = parts.actions;
  const tool: McpTool = deepFreeze({
    name,
    title: group,
    description: parts.description,
    inputSchema: parts.inputSchema as McpTool['inputSchema'],
    annotations: toMcpAnnotations(parts.annotations, { title: group }),
    _meta: meta,
  });
  const actions = new Map(members.map(({ member, served }) => [member.action, served]));
  return Object.freeze({ moduleId: group, tool, actions });
}

/** The group's tool name, or why the group cannot have one (its modules then stay plain). */
function nameGroup(group: string, taken: ReadonlySet<string>, style: ToolNameStyle): string {
  const name = toToolName(group, style);
  if (taken.has(name)) throw new Error(`its tool name "${name}" is already served`);
  return name;
}

/**
 * The tools to list for the served modules under a grouping: per-module entries stay as they
 * are, each planned group (see `planToolGroups`) becomes one frozen grouped entry whose
 * `actions` map each action name to its module's own entry, so a call runs exactly as a call of
 * that module would. A group whose name cannot be a tool name, or is already served, is left
 * ungrouped with a warning rather than hiding a tool.
 *
 * @example
 * ```ts
 * const listed = groupServedTools(table.list(), { grouping: 'namespace', maxTools: 40, groupAnnotations: {}, toolNames: 'safe', logger });
 * ```
 */
export function groupServedTools(
  entries: readonly ServedTool[],
  options: GroupServedToolsOptions,
): ServedTool[] {
  const byModuleId = new Map(entries.map((served) => [served.moduleId, served]));
  const plans: ToolPlan[] = planToolGroups([...byModuleId.keys()], options);
  if (plans.every((plan) => plan.kind === 'module')) return [...entries];
  const taken = new Set(
    plans.flatMap((plan) =>
      plan.kind === 'module' ? [byModuleId.get(plan.moduleId)?.tool.name ?? ''] : [],
    ),
  );
  return plans.flatMap((plan): ServedTool[] => {
    const single = plan.kind === 'module' ? byModuleId.get(plan.moduleId) : undefined;
    if (plan.kind === 'module') return single === undefined ? [] : [single];
    const members = plan.members.flatMap((member) => {
      const served = byModuleId.get(member.moduleId);
      return served === undefined ? [] : [{ member, served }];
    });
    try {
      const name = nameGroup(plan.group, taken, options.toolNames);
      taken.add(name);
      return [buildGroupedEntry(name, plan.group, members, options)];
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.logger.warn(
        { group: plan.group, reason },
        `Not grouping ${plan.group}: ${reason}; its modules are served one tool each`,
      );
      return members.map(({ served }) => served);
    }
  });
}

/**
 * A grouped tool as a caller who may run only some of its actions sees it: the same name, with
 * the description, schema, annotations and `_meta` composed of those actions alone, so nothing
 * of the others shows. The grouped tool itself when every action is kept, or it is no group.
 *
 * @example
 * ```ts
 * const forGuests = narrowGroupedTool(table.get('orders'), new Set(['list']), { groupAnnotations: {} });
 * ```
 */
export function narrowGroupedTool(
  served: ServedTool,
  kept: ReadonlySet<string>,
  options: GroupComposing,
): ServedTool {
  const { actions } = served;
  if (actions === undefined || [...actions.keys()].every((action) => kept.has(action))) {
    return served;
  }
  const members = [...actions]
    .filter(([action]) => kept.has(action))
    .map(([action, member]) => ({ member: { action, moduleId: member.moduleId }, served: member }));
  return buildGroupedEntry(served.tool.name, served.moduleId, members, options);
}

/**
 * Whether two listed entries run the same modules: the same entry, or two groups of the very
 * same module entries under the same actions (a relisted group that is unchanged keeps its
 * object).
 *
 * @example
 * ```ts
 * runSameModules(previous.get(name)!, served); // true: nothing to tell clients
 * ```
 */
export function runSameModules(before: ServedTool, after: ServedTool): boolean {
  if (before === after) return true;
  if (before.actions === undefined || after.actions === undefined) return false;
  if (before.actions.size !== after.actions.size) return false;
  for (const [action, served] of after.actions) {
    if (before.actions.get(action) !== served) return false;
  }
  return true;
}
