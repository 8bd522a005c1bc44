import { deepFreeze } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { makeNullable, makeOwnNodeNullable } from './make-nullable.js';

describe('makeNullable', () => {
  it('adds "null" to a type, and null to its enum', () => {
    expect(makeNullable({ type: 'string' })).toEqual({ type: ['string', 'null'] });
    expect(makeNullable({ type: ['integer', 'string'], enum: [1, 'a'] })).toEqual({
      type: ['integer', 'string', 'null'],
      enum: [1, 'a', null],
    });
  });

  it('adds a null branch to an anyOf, unless one is there', () => {
    const either = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(makeNullable(either)).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }],
    });
    const withNull = { anyOf: [{ type: 'string' }, { type: ['null'] }] };
    expect(makeNullable(withNull)).toBe(withNull);
  });

  it('adds null to a bare enum, and wraps a const or an untyped node', () => {
    expect(makeNullable({ enum: ['a'] })).toEqual({ enum: ['a', null] });
    expect(makeNullable({ const: 1, description: 'One' })).toEqual({
      anyOf: [{ const: 1 }, { type: 'null' }],
      description: 'One',
    });
    expect(makeNullable({ description: 'Anything' })).toEqual({
      anyOf: [{}, { type: 'null' }],
      description: 'Anything',
    });
  });

  it('returns a node that already accepts null, and anything not a node, as it is', () => {
    const nullable = { type: ['string', 'null'], enum: ['a', null] };
    expect(makeNullable(nullable)).toBe(nullable);
    expect(makeNullable(true)).toBe(true);
  });

  it('never changes its input, frozen or not', () => {
    const inputs = [
      { type: 'string', enum: ['a'] },
      { anyOf: [{ type: 'string' }] },
      { enum: ['a'] },
      { const: 1, description: 'One' },
    ];
    for (const input of inputs) {
      const before = structuredClone(input);
      makeNullable(input);
      expect(input).toEqual(before);
      expect(() => makeNullable(deepFreeze(structuredClone(input)))).not.toThrow();
    }
  });
});

describe('makeOwnNodeNullable', () => {
  it('changes the node it is given instead of copying it, with the same result', () => {
    const inputs = [
      { type: 'string', description: 'Name' },
      { type: 'string', enum: ['a'] },
      { anyOf: [{ type: 'string' }] },
      { enum: ['a'] },
    ];
    for (const input of inputs) {
      const expected = makeNullable(structuredClone(input));
      const own = structuredClone(input);
      expect(makeOwnNodeNullable(own)).toBe(own);
      expect(own).toEqual(expected);
      expect(Object.keys(own)).toEqual(Object.keys(expected as object));
    }
  });

  it('still wraps a const in a new node', () => {
    const own = { const: 1 };
    expect(makeOwnNodeNullable(own)).toEqual({ anyOf: [{ const: 1 }, { type: 'null' }] });
    expect(own).toEqual({ const: 1 });
  });
});
