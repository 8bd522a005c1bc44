import { describe, expect, it } from 'vitest';
import type { ModuleDescriptor, RegistryLike } from './contract.js';
import {
  isModuleSelected,
  listModules,
  matchesModuleFilter,
  toListOptions,
  toModuleFilter,
} from './module-filter.js';

/** A registry that ignores list options, as some foreign registries do. */
function registryOf(modules: Record<string, readonly string[]>): RegistryLike {
  return {
    list: () => Object.keys(modules),
    getDefinition: (moduleId) =>
      moduleId in modules
        ? ({ moduleId, tags: [...(modules[moduleId] ?? [])] } as unknown as ModuleDescriptor)
        : null,
    on: () => {},
  };
}

describe('module filters', () => {
  it('leave out what filters nothing and copy the tags', () => {
    const tags = ['a'];
    const filter = toModuleFilter({ tags, anyTags: [], excludeTags: ['x'], prefix: 'x.' });
    expect(filter).toEqual({ tags: ['a'], excludeTags: ['x'], prefix: 'x.' });
    expect(filter.tags).not.toBe(tags);
    expect(toModuleFilter({ tags: [], anyTags: null, prefix: null })).toEqual({});
    expect(toModuleFilter()).toEqual({});
  });

  it('give a registry only the parts it understands', () => {
    const filter = { tags: ['a'], anyTags: ['b'], excludeTags: ['c'], prefix: 'x.' };
    expect(toListOptions(filter)).toEqual({ tags: ['a'], prefix: 'x.' });
    expect(toListOptions({ tags: [], prefix: null })).toEqual({});
    expect(toListOptions()).toEqual({});
  });

  it('match a module carrying every tag, with the prefix', () => {
    const filter = { tags: ['orders', 'public'], prefix: 'orders.' };
    expect(matchesModuleFilter('orders.cancel', ['public', 'orders', 'x'], filter)).toBe(true);
    expect(matchesModuleFilter('orders.cancel', ['orders'], filter)).toBe(false);
    expect(matchesModuleFilter('catalog.get', ['orders', 'public'], filter)).toBe(false);
    expect(matchesModuleFilter('anything', [], {})).toBe(true);
  });

  it('match a module carrying any of anyTags and none of excludeTags', () => {
    const any = { anyTags: ['orders', 'catalog'] };
    expect(matchesModuleFilter('m', ['catalog'], any)).toBe(true);
    expect(matchesModuleFilter('m', ['reports'], any)).toBe(false);
    expect(matchesModuleFilter('m', [], any)).toBe(false);
    const exclude = { excludeTags: ['internal', 'beta'] };
    expect(matchesModuleFilter('m', ['orders'], exclude)).toBe(true);
    expect(matchesModuleFilter('m', ['orders', 'beta'], exclude)).toBe(false);
    expect(matchesModuleFilter('m', [], exclude)).toBe(true);
  });

  it('combine all, any and exclude with AND', () => {
    const filter = { tags: ['public'], anyTags: ['orders', 'catalog'], excludeTags: ['beta'] };
    expect(matchesModuleFilter('m', ['public', 'orders'], filter)).toBe(true);
    expect(matchesModuleFilter('m', ['orders'], filter)).toBe(false);
    expect(matchesModuleFilter('m', ['public'], filter)).toBe(false);
    expect(matchesModuleFilter('m', ['public', 'catalog', 'beta'], filter)).toBe(false);
  });

  it('list the modules of a registry that passes, even one ignoring list options', () => {
    const registry = registryOf({
      'orders.place': ['orders', 'write'],
      'orders.audit': ['orders', 'internal'],
      'catalog.get': ['catalog'],
      'reports.sales': ['reports'],
    });
    const filter = { anyTags: ['orders', 'catalog'], excludeTags: ['internal'] };
    expect(listModules(registry, filter)).toEqual(['orders.place', 'catalog.get']);
    expect(listModules(registry, { tags: ['orders'], prefix: 'orders.' })).toEqual([
      'orders.place',
      'orders.audit',
    ]);
    expect(listModules(registry)).toHaveLength(4);
  });

  it('let a module whose definition cannot be read through, for its builder to report', () => {
    const registry: RegistryLike = {
      list: () => ['broken', 'gone'],
      getDefinition: (moduleId) => {
        if (moduleId === 'broken') throw new Error('bad definition');
        return null;
      },
      on: () => {},
    };
    expect(isModuleSelected(registry, 'broken', { excludeTags: ['x'] })).toBe(true);
    expect(listModules(registry, { anyTags: ['x'] })).toEqual(['broken', 'gone']);
  });
});
