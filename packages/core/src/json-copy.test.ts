import { describe, expect, test } from 'vitest';
import { copyJson } from './json-copy.js';

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** `items` with the slot at `index` emptied. */
function holey(items: unknown[], index: number): unknown[] {
  delete items[index];
  return items;
}

describe('copyJson', () => {
  test('copies plain data deeply: the copy can change, the original stays', () => {
    const schema = {
      type: 'object',
      properties: { a: { enum: [1, 'x', null, true] }, b: { type: ['string', 'null'] } },
      required: ['a'],
    };
    const copy = copyJson(schema);
    expect(copy).toStrictEqual(schema);
    copy.properties.a.enum.push(3);
    expect(schema.properties.a.enum).toHaveLength(4);
  });

  test.each([
    [
      'undefined, functions and symbols in objects',
      { a: undefined, b: () => 1, c: Symbol('c'), d: 1 },
    ],
    ['undefined, functions and symbols in arrays', [undefined, () => 1, Symbol('c'), 1]],
    ['holes in arrays', holey([1, 2, 3], 1)],
    ['non-finite numbers and -0', { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: -0 }],
    ['dates and other toJSON', { at: new Date(0), custom: { toJSON: () => 'custom' } }],
    ['class instances and boxed values', { map: new Map([[1, 2]]), boxed: new Number(3) }],
    ['null-prototype objects', Object.assign(Object.create(null) as object, { a: 1 })],
    ['integer-like keys', { b: 1, 2: 'two', a: 2, 1: 'one' }],
    ['strings with lone surrogates', { s: '\ud800x' }],
  ])('gives what the JSON round trip gives: %s', (_, value) => {
    const copy = copyJson(value);
    expect(copy).toStrictEqual(roundTrip(value));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
  });

  test('keeps an own __proto__ key as data', () => {
    const schema = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}');
    const copy = copyJson(schema);
    expect(Object.hasOwn(copy.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
  });

  test('refuses what JSON refuses: cycles, BigInt, a lone function', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => copyJson(cyclic)).toThrow(TypeError);
    expect(() => copyJson({ n: 1n })).toThrow(TypeError);
    expect(() => copyJson(() => 1)).toThrow(SyntaxError);
  });

  test('copies nesting deeper than the direct copy goes', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let depth = 0; depth < 1000; depth += 1) deep = { next: deep };
    expect(copyJson(deep)).toStrictEqual(deep);
  });
});
