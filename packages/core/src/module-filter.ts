import type { ListOptions, RegistryLike } from './contract.js';

/** A filter as options and settings spell it: any part may be missing or empty. */
export interface ModuleFilterInput {
  tags?: readonly string[] | null | undefined;
  anyTags?: readonly string[] | null | undefined;
  excludeTags?: readonly string[] | null | undefined;
  prefix?: string | null | undefined;
}

/**
 * Which modules are served or exported. The parts combine with AND: a module passes when it
 * carries every tag of `tags`, at least one of `anyTags`, none of `excludeTags`, and its id
 * starts with `prefix`. A missing part filters nothing.
 *
 * @example
 * ```ts
 * const filter: ModuleFilter = { anyTags: ['orders', 'catalog'], excludeTags: ['internal'] };
 * ```
 */
export interface ModuleFilter extends ListOptions {
  /** Keep modules carrying at least one of these tags. */
  anyTags?: readonly string[];
  /** Drop modules carrying any of these tags. */
  excludeTags?: readonly string[];
}

/**
 * The {@link ModuleFilter} of an input: an empty tag list or a missing part filters nothing and
 * is left out; tag lists are fresh copies. Validating the values (no empty tag, no empty
 * prefix) is the caller's, since each entry point words its errors its own way.
 *
 * @example
 * ```ts
 * toModuleFilter({ tags: [], excludeTags: ['internal'], prefix: null }); // { excludeTags: ['internal'] }
 * ```
 */
export function toModuleFilter(input: ModuleFilterInput = {}): ModuleFilter {
  const filter: ModuleFilter = {};
  if (isNonEmpty(input.tags)) filter.tags = [...input.tags];
  if (isNonEmpty(input.anyTags)) filter.anyTags = [...input.anyTags];
  if (isNonEmpty(input.excludeTags)) filter.excludeTags = [...input.excludeTags];
  if (input.prefix !== undefined && input.prefix !== null) filter.prefix = input.prefix;
  return filter;
}

/**
 * The part of a filter a registry's `list()` understands (all-of `tags`, `prefix`), to narrow
 * the listing before {@link listModules} judges the rest.
 *
 * @example
 * ```ts
 * toListOptions({ tags: [], prefix: 'orders.', anyTags: ['a'] }); // { prefix: 'orders.' }
 * ```
 */
export function toListOptions(filter: ModuleFilterInput = {}): ListOptions {
  const { tags, prefix } = toModuleFilter({ tags: filter.tags, prefix: filter.prefix });
  return { ...(tags === undefined ? {} : { tags }), ...(prefix === undefined ? {} : { prefix }) };
}

/**
 * Whether a module passes a filter, judged from its id and tags.
 *
 * @example
 * ```ts
 * matchesModuleFilter('orders.cancel', ['orders'], { anyTags: ['orders', 'catalog'] }); // true
 * matchesModuleFilter('orders.cancel', ['orders', 'internal'], { excludeTags: ['internal'] }); // false
 * ```
 */
export function matchesModuleFilter(
  moduleId: string,
  tags: readonly string[],
  filter: ModuleFilter,
): boolean {
  if (filter.prefix !== undefined && !moduleId.startsWith(filter.prefix)) return false;
  if (filter.tags !== undefined && !filter.tags.every((tag) => tags.includes(tag))) return false;
  if (filter.anyTags?.length && !filter.anyTags.some((tag) => tags.includes(tag))) return false;
  return !filter.excludeTags?.some((tag) => tags.includes(tag));
}

/**
 * Whether a registered module passes a filter, judged from its definition's tags. A module
 * whose definition cannot be read passes (when a filter needs its tags too): whoever builds
 * from it next meets the same failure and reports it with its reason.
 *
 * @example
 * ```ts
 * if (isModuleSelected(registry, 'orders.cancel', filter)) addTool('orders.cancel');
 * ```
 */
export function isModuleSelected(
  registry: RegistryLike,
  moduleId: string,
  filter: ModuleFilter,
): boolean {
  const usesTags = filter.tags !== undefined || filter.anyTags !== undefined;
  if (!usesTags && filter.excludeTags === undefined) {
    return matchesModuleFilter(moduleId, [], filter);
  }
  let definition: ReturnType<RegistryLike['getDefinition']>;
  try {
    definition = registry.getDefinition(moduleId, { copy: false });
  } catch {
    return true;
  }
  if (definition === null || definition === undefined) return true;
  const { tags } = definition;
  return matchesModuleFilter(moduleId, Array.isArray(tags) ? tags : [], filter);
}

/**
 * The ids of a registry's modules that pass a filter, in the registry's order: the registry's
 * own `list()` narrows by what it understands, then every module is judged again here (a
 * registry may ignore list options, and none knows `anyTags` or `excludeTags`).
 *
 * @example
 * ```ts
 * listModules(registry, { anyTags: ['orders', 'catalog'], excludeTags: ['internal'] });
 * ```
 */
export function listModules(registry: RegistryLike, filter: ModuleFilter = {}): string[] {
  return registry
    .list(toListOptions(filter))
    .filter((moduleId) => isModuleSelected(registry, moduleId, filter));
}

function isNonEmpty(list: readonly string[] | null | undefined): list is readonly string[] {
  return list !== undefined && list !== null && list.length > 0;
}
