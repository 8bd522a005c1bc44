import type { ListOptions } from './contract.js';

/** A filter as options and settings spell it: any part may be missing or empty. */
export interface ModuleFilterInput {
  tags?: readonly string[] | null | undefined;
  prefix?: string | null | undefined;
}

/**
 * The module filter a registry's `list()` takes: modules carrying every tag of `tags`, whose id
 * starts with `prefix`. An empty tag list or a missing part filters nothing and is left out; the
 * tag list is a fresh copy. Validating the values (no empty tag, no empty prefix) is the
 * caller's, since each entry point words its errors its own way.
 *
 * @example
 * ```ts
 * toListOptions({ tags: [], prefix: 'orders.' }); // { prefix: 'orders.' }
 * ```
 */
export function toListOptions(filter: ModuleFilterInput = {}): ListOptions {
  const options: ListOptions = {};
  if (filter.tags !== undefined && filter.tags !== null && filter.tags.length > 0) {
    options.tags = [...filter.tags];
  }
  if (filter.prefix !== undefined && filter.prefix !== null) options.prefix = filter.prefix;
  return options;
}

/**
 * Whether a module passes a filter, judged from its id and tags: for a registry whose `list()`
 * may ignore its options.
 *
 * @example
 * ```ts
 * matchesListOptions('orders.cancel', ['orders'], { tags: ['orders'], prefix: 'orders.' }); // true
 * ```
 */
export function matchesListOptions(
  moduleId: string,
  tags: readonly string[],
  filter: ListOptions,
): boolean {
  if (filter.prefix !== undefined && !moduleId.startsWith(filter.prefix)) return false;
  return (filter.tags ?? []).every((tag) => tags.includes(tag));
}
