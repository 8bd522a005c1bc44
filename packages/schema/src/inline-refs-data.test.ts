import { describe, expect, test } from 'vitest';
import { STRING, withX } from './__fixtures__/with-x.js';
import { inlineRefs } from './inline-refs.js';

describe('inlineRefs: data is data', () => {
  test('const, default, enum, examples and x-* are copied, never inlined', () => {
    const data = { $ref: '#/$defs/X', $defs: { X: 1 } };
    const schema = withX({
      const: data,
      default: data,
      enum: [data],
      examples: [data],
      'x-template': data,
      properties: { a: { $ref: '#/$defs/X' } },
    });
    const result = inlineRefs(schema);
    expect(result).toStrictEqual({
      const: data,
      default: data,
      enum: [data],
      examples: [data],
      'x-template': data,
      properties: { a: STRING },
    });
    expect(result.default).not.toBe(schema.default);
  });

  test('property names that look like keywords are ordinary names', () => {
    const schema = withX({
      properties: {
        $ref: { type: 'string' },
        $defs: { $ref: '#/$defs/X' },
        definitions: { type: 'integer' },
        properties: { type: 'boolean' },
      },
      required: ['$ref', '$defs'],
    });
    expect(inlineRefs(schema)).toStrictEqual({
      properties: {
        $ref: { type: 'string' },
        $defs: STRING,
        definitions: { type: 'integer' },
        properties: { type: 'boolean' },
      },
      required: ['$ref', '$defs'],
    });
  });

  test('a property named __proto__ stays an own property and leaves prototypes alone', () => {
    const schema = JSON.parse(
      '{"properties":{"__proto__":{"$ref":"#/$defs/X"}},"$defs":{"X":{"type":"string"}}}',
    );
    const result = inlineRefs(schema) as { properties: Record<string, unknown> };
    expect(Object.hasOwn(result.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result.properties)).toBe(Object.prototype);
    expect(JSON.stringify(result)).toBe('{"properties":{"__proto__":{"type":"string"}}}');
  });

  test('title, description, format, $schema and $comment survive', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $comment: 'generated',
      title: 'T',
      description: 'D',
      properties: { when: { type: 'string', format: 'date-time' } },
    };
    expect(inlineRefs(schema)).toStrictEqual(schema);
  });

  test('identifiers are dropped from inlined copies so they are not duplicated', () => {
    const schema = {
      $id: 'https://example.com/root.json',
      properties: { a: { $ref: '#/$defs/X' }, b: { $ref: '#/$defs/X' } },
      $defs: { X: { $id: 'https://example.com/x.json', $anchor: 'x', type: 'string' } },
    };
    expect(inlineRefs(schema)).toStrictEqual({
      $id: 'https://example.com/root.json',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    });
  });

  test('symbol-keyed metadata (as TypeBox adds) is not carried into the result', () => {
    const kind = Symbol.for('TypeBox.Kind');
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', [kind]: 'String' } },
      [kind]: 'Object',
    };
    const result = inlineRefs(schema);
    expect(result).toStrictEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(Object.getOwnPropertySymbols(result)).toHaveLength(0);
  });
});
