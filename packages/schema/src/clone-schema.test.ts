import { describe, expect, test } from 'vitest';
import { cloneSchema } from './clone-schema.js';

describe('cloneSchema', () => {
  test('returns a deep copy that can change without touching the original', () => {
    const schema = { type: 'object', properties: { a: { enum: [1, 2] } } };
    const copy = cloneSchema(schema);
    expect(copy).toStrictEqual(schema);
    copy.properties.a.enum.push(3);
    expect(schema.properties.a.enum).toStrictEqual([1, 2]);
  });

  test('keeps values structuredClone cannot copy, by reference', () => {
    const coerce = (value: unknown) => String(value);
    const schema = { type: 'string', 'x-coerce': coerce, nested: [{ coerce }] };
    const copy = cloneSchema(schema);
    expect(copy['x-coerce']).toBe(coerce);
    expect(copy.nested[0]!.coerce).toBe(coerce);
    expect(copy.nested).not.toBe(schema.nested);
  });

  test('keeps object cycles as cycles, in both paths', () => {
    const schema: Record<string, unknown> = { type: 'object', 'x-fn': () => 1 };
    schema.self = schema;
    const copy = cloneSchema(schema);
    expect(copy).not.toBe(schema);
    expect(copy.self).toBe(copy);
  });

  test('copies an own __proto__ key as data', () => {
    const schema = JSON.parse('{"properties":{"__proto__":{"type":"string"}},"x-fn":null}');
    schema['x-fn'] = () => 1;
    const copy = cloneSchema(schema);
    expect(Object.hasOwn(copy.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
  });

  test('primitives come back as they are', () => {
    expect(cloneSchema(true)).toBe(true);
    expect(cloneSchema('x')).toBe('x');
    expect(cloneSchema(null)).toBe(null);
  });
});

describe('cloneSchema on flat values', () => {
  test('copies lists and flat objects of primitives as structuredClone would', () => {
    const values: unknown[] = [
      ['a', 'b'],
      [1, null, true, undefined, 2n, Number.NaN, -0],
      { a: 1, b: 'x', c: undefined },
      Object.assign(Object.create(null) as object, { a: 1 }),
    ];
    for (const value of values) {
      const copy = cloneSchema(value);
      expect(copy).not.toBe(value);
      expect(copy).toStrictEqual(structuredClone(value));
    }
  });

  test('leaves arrays with holes to structuredClone, which keeps them', () => {
    const holes = [1, 2, 3];
    delete holes[1];
    const copy = cloneSchema(holes);
    expect(copy).toHaveLength(3);
    expect(1 in copy).toBe(false);
  });

  test('copies the items of a list, not named properties on it, as JSON would', () => {
    const extra = Object.assign(['a', 'b'], { note: 'not JSON' });
    const copy = cloneSchema(extra);
    expect(copy).toStrictEqual(['a', 'b']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(extra));
  });
});
