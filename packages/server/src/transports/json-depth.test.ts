import { describe, expect, it } from 'vitest';
import { isNestedDeeperThan } from './json-depth.js';

/** `depth` arrays, each the only element of the one around it. */
function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

describe('isNestedDeeperThan', () => {
  it('counts scalars as no level at all', () => {
    for (const scalar of [0, 'text', true, null]) {
      expect(isNestedDeeperThan(scalar, 0)).toBe(false);
    }
  });

  it('counts every array as a level', () => {
    expect(isNestedDeeperThan(nestedArrays(3), 3)).toBe(false);
    expect(isNestedDeeperThan(nestedArrays(4), 3)).toBe(true);
    expect(isNestedDeeperThan([], 0)).toBe(true);
  });

  it('counts every object as a level, and arrays and objects alike', () => {
    expect(isNestedDeeperThan({ a: { b: [1] } }, 3)).toBe(false);
    expect(isNestedDeeperThan({ a: { b: [{}] } }, 3)).toBe(true);
  });

  it('measures the deepest branch, wherever it is', () => {
    const value = { flat: [1, 2, 3], other: 'x', deep: [1, [2, nestedArrays(5)]] };
    expect(isNestedDeeperThan(value, 7)).toBe(true);
    expect(isNestedDeeperThan(value, 8)).toBe(false);
  });

  it('measures parsed values: brackets inside strings are text', () => {
    const value = JSON.parse(JSON.stringify({ text: '[[[[{{{{' }));
    expect(isNestedDeeperThan(value, 1)).toBe(false);
  });

  it('measures a million levels without overflowing the stack', () => {
    const text = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(isNestedDeeperThan(JSON.parse(text), 256)).toBe(true);
  });

  it('stops at the first level past the limit', () => {
    // Endless nesting: only a walk that stops early can answer.
    const endless: unknown[] = [];
    endless.push(endless);
    expect(isNestedDeeperThan(endless, 256)).toBe(true);
    // Nothing below the limit is read: a getter there would throw.
    const guarded = [[{}]];
    Object.defineProperty(guarded[0]?.[0], 'below', {
      enumerable: true,
      get: () => {
        throw new Error('read past the limit');
      },
    });
    expect(isNestedDeeperThan(guarded, 2)).toBe(true);
  });
});
