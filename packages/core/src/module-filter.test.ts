import { describe, expect, it } from 'vitest';
import { matchesListOptions, toListOptions } from './module-filter.js';

describe('module filters', () => {
  it('leave out what filters nothing and copy the tags', () => {
    const tags = ['a'];
    const options = toListOptions({ tags, prefix: 'x.' });
    expect(options).toEqual({ tags: ['a'], prefix: 'x.' });
    expect(options.tags).not.toBe(tags);
    expect(toListOptions({ tags: [], prefix: null })).toEqual({});
    expect(toListOptions()).toEqual({});
  });

  it('match a module carrying every tag, with the prefix', () => {
    const filter = { tags: ['orders', 'public'], prefix: 'orders.' };
    expect(matchesListOptions('orders.cancel', ['public', 'orders', 'x'], filter)).toBe(true);
    expect(matchesListOptions('orders.cancel', ['orders'], filter)).toBe(false);
    expect(matchesListOptions('catalog.get', ['orders', 'public'], filter)).toBe(false);
    expect(matchesListOptions('anything', [], {})).toBe(true);
  });
});
