import { describe, expect, it } from 'vitest';
import { parseGroupingOption, parseMaxTools } from './grouping-option.js';
import { planToolGroups } from './plan-tool-groups.js';

const ids = ['orders.place_order', 'health.ping', 'orders.cancel_order', 'solo'];

describe('planToolGroups', () => {
  it('keeps one tool per module without grouping', () => {
    const plans = planToolGroups(ids, { grouping: 'none', maxTools: 1 });
    expect(plans.map((plan) => plan.kind)).toEqual(['module', 'module', 'module', 'module']);
  });

  it('folds a namespace into one group at its first module, single-module namespaces stay plain', () => {
    expect(planToolGroups(ids, { grouping: 'namespace', maxTools: 40 })).toEqual([
      {
        kind: 'group',
        group: 'orders',
        members: [
          { action: 'place_order', moduleId: 'orders.place_order' },
          { action: 'cancel_order', moduleId: 'orders.cancel_order' },
        ],
      },
      { kind: 'module', moduleId: 'health.ping' },
      { kind: 'module', moduleId: 'solo' },
    ]);
  });

  it('groups by the whole leading path of deeper ids', () => {
    const plans = planToolGroups(['a.b.x', 'a.b.y', 'a.c'], {
      grouping: 'namespace',
      maxTools: 40,
    });
    expect(plans[0]).toMatchObject({ kind: 'group', group: 'a.b' });
    expect(plans[1]).toEqual({ kind: 'module', moduleId: 'a.c' });
  });

  it('auto groups only when the module count exceeds maxTools', () => {
    expect(planToolGroups(ids, { grouping: 'auto', maxTools: 4 })).toHaveLength(4);
    expect(planToolGroups(ids, { grouping: 'auto', maxTools: 3 })).toHaveLength(3);
  });

  it('takes a function; undefined leaves a module alone', () => {
    const plans = planToolGroups(['x.get', 'y.get', 'z.put'], {
      grouping: (moduleId) => (moduleId.endsWith('.get') ? 'readers' : undefined),
      maxTools: 40,
    });
    // Both actions would be "get": the group falls back to whole module ids, which are unique.
    expect(plans[0]).toEqual({
      kind: 'group',
      group: 'readers',
      members: [
        { action: 'x.get', moduleId: 'x.get' },
        { action: 'y.get', moduleId: 'y.get' },
      ],
    });
    expect(plans[1]).toEqual({ kind: 'module', moduleId: 'z.put' });
  });
});

describe("planToolGroups under 'tag'", () => {
  const tags: Record<string, string[]> = {
    list_pets: ['pets', 'public'],
    add_pet: ['pets'],
    get_store_inventory: ['store'],
    place_order: ['store'],
    health: [],
  };
  const tagsOf = (moduleId: string) => tags[moduleId];

  it("folds the modules sharing their first tag into a tool named after it, each action its module's id", () => {
    const plans = planToolGroups(Object.keys(tags), { grouping: 'tag', maxTools: 40, tagsOf });
    expect(plans).toEqual([
      {
        kind: 'group',
        group: 'pets',
        members: [
          { action: 'list_pets', moduleId: 'list_pets' },
          { action: 'add_pet', moduleId: 'add_pet' },
        ],
      },
      {
        kind: 'group',
        group: 'store',
        members: [
          { action: 'get_store_inventory', moduleId: 'get_store_inventory' },
          { action: 'place_order', moduleId: 'place_order' },
        ],
      },
      { kind: 'module', moduleId: 'health' },
    ]);
  });

  it('leaves every module on its own when no module has tags', () => {
    expect(planToolGroups(['a.b', 'a.c'], { grouping: 'tag', maxTools: 40 })).toEqual([
      { kind: 'module', moduleId: 'a.b' },
      { kind: 'module', moduleId: 'a.c' },
    ]);
  });
});

describe('parseGroupingOption / parseMaxTools', () => {
  it('reads modes in any case and defaults to none', () => {
    expect(parseGroupingOption('Namespace')).toBe('namespace');
    expect(parseGroupingOption(' AUTO ')).toBe('auto');
    expect(parseGroupingOption(undefined)).toBe('none');
  });

  it('refuses anything else with the accepted values', () => {
    expect(() => parseGroupingOption('modules')).toThrow(
      'grouping must be one of none, namespace, auto, tag or a function, got "modules"',
    );
    expect(() => parseMaxTools(0)).toThrow('maxTools must be a whole number of at least 1, got 0');
    expect(() => parseMaxTools(2.5)).toThrow(TypeError);
    expect(parseMaxTools(undefined)).toBe(40);
  });
});
