import type { GroupingOption } from './grouping-option.js';

/**
 * One module of a grouped tool: the `action` value that selects it and the module it runs.
 *
 * @example
 * ```ts
 * const member: GroupMember = { action: 'place_order', moduleId: 'orders.place_order' };
 * ```
 */
export interface GroupMember {
  readonly action: string;
  readonly moduleId: string;
}

/**
 * What one listed tool stands for: a single module, or a group of at least two.
 *
 * @example
 * ```ts
 * const plan: ToolPlan = { kind: 'module', moduleId: 'health.ping' };
 * ```
 */
export type ToolPlan =
  | { readonly kind: 'module'; readonly moduleId: string }
  | { readonly kind: 'group'; readonly group: string; readonly members: readonly GroupMember[] };

/**
 * Options of {@link planToolGroups}.
 *
 * @example
 * ```ts
 * const options: PlanToolGroupsOptions = { grouping: 'auto', maxTools: 40 };
 * ```
 */
export interface PlanToolGroupsOptions {
  grouping: GroupingOption;
  /** The tool count above which `'auto'` groups by namespace. */
  maxTools: number;
  /** A module's tags, for `'tag'` (none: no module has any). */
  tagsOf?: (moduleId: string) => readonly string[] | undefined;
}

/** Everything but the last segment of a module id; `undefined` for a one-segment id. */
function namespaceOf(moduleId: string): string | undefined {
  const dot = moduleId.lastIndexOf('.');
  return dot <= 0 ? undefined : moduleId.slice(0, dot);
}

function chooseGroupOf(
  options: PlanToolGroupsOptions,
  moduleCount: number,
): ((moduleId: string) => string | undefined) | undefined {
  const { grouping } = options;
  if (typeof grouping === 'function') return grouping;
  if (grouping === 'namespace') return namespaceOf;
  if (grouping === 'auto' && moduleCount > options.maxTools) return namespaceOf;
  if (grouping === 'tag') return (moduleId) => options.tagsOf?.(moduleId)?.[0];
  return undefined;
}

/**
 * The action names of a group's modules: each id without the group and its dot
 * (`orders.place_order` in `orders` -> `place_order`), else the whole id. Should two modules
 * end up with the same action, every action of the group is its whole module id, which is unique.
 */
function nameActions(group: string, moduleIds: readonly string[]): GroupMember[] {
  const prefix = `${group}.`;
  const members = moduleIds.map((moduleId) => ({
    action: moduleId.startsWith(prefix) ? moduleId.slice(prefix.length) : moduleId,
    moduleId,
  }));
  const distinct = new Set(members.map((member) => member.action));
  if (distinct.size === members.length) return members;
  return moduleIds.map((moduleId) => ({ action: moduleId, moduleId }));
}

/**
 * Decides which modules become one tool each and which are folded into a group, in the order
 * of `moduleIds` (a group takes the place of its first module). A group of one module stays a
 * plain tool in every mode: an `action` field with a single value costs tokens and adds a way
 * to fail, for nothing.
 *
 * @example
 * ```ts
 * planToolGroups(['orders.place', 'orders.cancel', 'health.ping'], { grouping: 'namespace', maxTools: 40 });
 * // [{ kind: 'group', group: 'orders', members: [...] }, { kind: 'module', moduleId: 'health.ping' }]
 * ```
 */
export function planToolGroups(
  moduleIds: readonly string[],
  options: PlanToolGroupsOptions,
): ToolPlan[] {
  const groupOf = chooseGroupOf(options, moduleIds.length);
  if (groupOf === undefined) return moduleIds.map((moduleId) => ({ kind: 'module', moduleId }));
  const byGroup = new Map<string, string[]>();
  const order: Array<{ group: string } | { moduleId: string }> = [];
  for (const moduleId of moduleIds) {
    const group = groupOf(moduleId);
    if (group === undefined || group === '') {
      order.push({ moduleId });
      continue;
    }
    const ids = byGroup.get(group);
    if (ids === undefined) {
      byGroup.set(group, [moduleId]);
      order.push({ group });
    } else {
      ids.push(moduleId);
    }
  }
  return order.map((entry): ToolPlan => {
    if ('moduleId' in entry) return { kind: 'module', moduleId: entry.moduleId };
    const ids = byGroup.get(entry.group) ?? [];
    const [only] = ids;
    if (ids.length === 1 && only !== undefined) return { kind: 'module', moduleId: only };
    return { kind: 'group', group: entry.group, members: nameActions(entry.group, ids) };
  });
}
