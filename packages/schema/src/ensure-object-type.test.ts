import { describe, expect, test } from 'vitest';
import { ensureObjectType } from './ensure-object-type.js';
import { SchemaConversionError } from './schema-conversion-error.js';

describe('ensureObjectType (FR-SCHEMA-003)', () => {
  test.each([
    ['{}', {}],
    ['null', null],
    ['undefined', undefined],
  ])('%s becomes an empty object schema', (_name, schema) => {
    expect(ensureObjectType(schema)).toStrictEqual({ type: 'object', properties: {} });
  });

  test('properties without type get type "object", first', () => {
    const result = ensureObjectType({ properties: { a: { type: 'string' } }, required: ['a'] });
    expect(result).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
    expect(Object.keys(result)[0]).toBe('type');
  });

  test('a schema with neither type nor properties gets both', () => {
    expect(ensureObjectType({ title: 'NoArgs', description: 'Takes nothing' })).toStrictEqual({
      type: 'object',
      title: 'NoArgs',
      description: 'Takes nothing',
      properties: {},
    });
  });

  test.each([
    ['type object with empty properties', { type: 'object', properties: {} }],
    [
      'type object with populated properties',
      { type: 'object', properties: { a: { type: 'integer' } } },
    ],
    [
      'type object without properties',
      { type: 'object', additionalProperties: { type: 'string' } },
    ],
  ])('%s is returned as-is (equal, new object)', (_name, schema) => {
    const result = ensureObjectType(schema);
    expect(result).toStrictEqual(schema);
    expect(result).not.toBe(schema);
  });

  test('title, required, description, $schema and x-* are preserved', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'T',
      description: 'D',
      properties: { a: { type: 'string', format: 'email', default: 'a@b.c' } },
      required: ['a'],
      'x-vendor': { keep: true },
    };
    expect(ensureObjectType(schema)).toStrictEqual({ type: 'object', ...schema });
  });

  test('a type array allowing "object" is narrowed to "object"', () => {
    expect(ensureObjectType({ type: ['object', 'null'], properties: {} })).toStrictEqual({
      type: 'object',
      properties: {},
    });
  });

  test('boolean property schemas become object schemas, as MCP clients require', () => {
    expect(
      ensureObjectType({
        type: 'object',
        properties: { any: true, none: false, s: { type: 'string' } },
      }),
    ).toStrictEqual({
      type: 'object',
      properties: { any: {}, none: { not: {} }, s: { type: 'string' } },
    });
  });

  test.each([['string'], ['array'], [['string', 'null']], [42]])(
    'a root of type %j is refused',
    (type) => {
      const run = () => ensureObjectType({ type });
      expect(run).toThrow(SchemaConversionError);
      expect(run).toThrow(
        `Root schema must have type "object" for an MCP tool, got type ${JSON.stringify(type)}`,
      );
    },
  );

  test('the input is not mutated', () => {
    const schema = Object.freeze({ properties: Object.freeze({ a: true }) });
    ensureObjectType(schema);
    expect(schema).toStrictEqual({ properties: { a: true } });
  });
});
