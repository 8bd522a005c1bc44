import { describe, expect, test } from 'vitest';
import { inlineRefs } from './inline-refs.js';
import { SchemaConversionError } from './schema-conversion-error.js';

function conversionErrorOf(action: () => unknown): SchemaConversionError {
  try {
    action();
  } catch (error) {
    if (SchemaConversionError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a SchemaConversionError');
}

/**
 * Values that are data, not subschemas (`default`, `enum`, `examples`, `x-*`), are copied as JSON
 * writes them: a tool schema reaches every client as JSON, so the result is what they receive.
 */
describe('inlineRefs: data values are copied as JSON', () => {
  test('the copy is what JSON gives: functions and undefined left out, dates as text', () => {
    const coerce = (value: unknown) => String(value);
    const schema = {
      type: 'object',
      'x-coerce': coerce,
      'x-missing': undefined,
      properties: {
        at: { type: 'string', default: new Date(0) },
        list: { type: 'array', default: [1, coerce, Number.NaN], examples: [{ f: coerce, n: 1 }] },
      },
    };
    const result = inlineRefs(schema);
    expect(result).toStrictEqual({
      type: 'object',
      properties: {
        at: { type: 'string', default: '1970-01-01T00:00:00.000Z' },
        list: { type: 'array', default: [1, null, null], examples: [{ n: 1 }] },
      },
    });
    expect(JSON.parse(JSON.stringify(result))).toStrictEqual(result);
  });

  test('a value JSON cannot write (a cycle, a BigInt) is refused as an invalid schema', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const loop = conversionErrorOf(() =>
      inlineRefs({ type: 'object', properties: { a: { default: cyclic } } }),
    );
    expect(loop.details).toMatchObject({ reason: 'invalid-schema', path: '/properties/a/default' });
    expect(loop.cause).toBeInstanceOf(TypeError);
    const big = conversionErrorOf(() => inlineRefs({ type: 'integer', const: 10n }));
    expect(big.details).toMatchObject({ reason: 'invalid-schema', path: '/const' });
  });

  test('copies are the result own: changing one leaves the input as it was', () => {
    const schema = { type: 'object', default: { tags: ['a'] }, $defs: { T: { enum: ['x'] } } };
    const result = inlineRefs({ ...schema, properties: { t: { $ref: '#/$defs/T' } } });
    (result.default as { tags: string[] }).tags.push('b');
    (result.properties as { t: { enum: string[] } }).t.enum.push('y');
    expect(schema).toStrictEqual({
      type: 'object',
      default: { tags: ['a'] },
      $defs: { T: { enum: ['x'] } },
    });
  });
});
