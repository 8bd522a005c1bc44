import { describe, expect, test } from 'vitest';
import { STRING, withX } from './__fixtures__/with-x.js';
import { inlineRefs } from './inline-refs.js';

describe('inlineRefs: basics (FR-SCHEMA-002)', () => {
  test('a schema without $ref comes back equal, as a new object', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    const result = inlineRefs(schema);
    expect(result).toStrictEqual(schema);
    expect(result).not.toBe(schema);
    expect(result.properties).not.toBe(schema.properties);
  });

  test('$defs without any $ref is stripped, empty or not', () => {
    expect(inlineRefs({ type: 'object', $defs: {} })).toStrictEqual({ type: 'object' });
    expect(inlineRefs({ type: 'object', $defs: { Unused: STRING } })).toStrictEqual({
      type: 'object',
    });
  });

  test('a single-level $ref is replaced by its definition', () => {
    expect(inlineRefs(withX({ properties: { name: { $ref: '#/$defs/X' } } }))).toStrictEqual({
      properties: { name: STRING },
    });
  });

  test('nested references A -> B -> C are resolved recursively', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
        B: { type: 'array', items: { $ref: '#/$defs/C' } },
        C: { type: 'integer' },
      },
    };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: {
        a: { type: 'object', properties: { b: { type: 'array', items: { type: 'integer' } } } },
      },
    });
  });

  test('legacy `definitions` is resolved and removed', () => {
    const schema = {
      properties: { a: { $ref: '#/definitions/A' } },
      definitions: { A: { type: 'boolean' } },
    };
    expect(inlineRefs(schema)).toStrictEqual({ properties: { a: { type: 'boolean' } } });
  });

  test('each use of a definition gets its own copy', () => {
    const schema = withX({
      properties: { first: { $ref: '#/$defs/X' }, second: { $ref: '#/$defs/X' } },
    });
    const result = inlineRefs(schema) as { properties: Record<string, Record<string, unknown>> };
    expect(result.properties.first).toStrictEqual(STRING);
    expect(result.properties.first).not.toBe(result.properties.second);
    result.properties.first!.minLength = 99;
    expect(result.properties.second).toStrictEqual(STRING);
    expect(schema.$defs).toStrictEqual({ X: STRING });
  });

  test('a $ref at the root is replaced by its target', () => {
    const schema = {
      $ref: '#/$defs/Input',
      $defs: { Input: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } }, A: STRING },
    };
    expect(inlineRefs(schema)).toStrictEqual({ type: 'object', properties: { a: STRING } });
  });

  test('a root $ref to a boolean schema gives its object form', () => {
    expect(inlineRefs({ $ref: '#/$defs/T', $defs: { T: true } })).toStrictEqual({});
    expect(inlineRefs({ $ref: '#/$defs/F', $defs: { F: false } })).toStrictEqual({ not: {} });
  });

  test('a schema nested 32 references deep is fully resolved', () => {
    const $defs: Record<string, unknown> = { L32: { type: 'string' } };
    for (let level = 1; level < 32; level += 1) {
      $defs[`L${level}`] = {
        type: 'object',
        properties: { next: { $ref: `#/$defs/L${level + 1}` } },
      };
    }
    let result: unknown = inlineRefs({ $ref: '#/$defs/L1', $defs });
    for (let level = 1; level < 32; level += 1) {
      result = (result as { properties: { next: unknown } }).properties.next;
    }
    expect(result).toStrictEqual({ type: 'string' });
  });
});

describe('inlineRefs: every position a subschema can stand in', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['properties', { properties: { a: { $ref: '#/$defs/X' } } }, { properties: { a: STRING } }],
    ['items', { items: { $ref: '#/$defs/X' } }, { items: STRING }],
    ['items (draft-07 tuple)', { items: [{ $ref: '#/$defs/X' }] }, { items: [STRING] }],
    [
      'prefixItems',
      { prefixItems: [{ type: 'null' }, { $ref: '#/$defs/X' }] },
      { prefixItems: [{ type: 'null' }, STRING] },
    ],
    ['additionalItems', { additionalItems: { $ref: '#/$defs/X' } }, { additionalItems: STRING }],
    [
      'additionalProperties',
      { additionalProperties: { $ref: '#/$defs/X' } },
      { additionalProperties: STRING },
    ],
    [
      'patternProperties',
      { patternProperties: { '^x-': { $ref: '#/$defs/X' } } },
      { patternProperties: { '^x-': STRING } },
    ],
    [
      'oneOf',
      { oneOf: [{ $ref: '#/$defs/X' }, { type: 'null' }] },
      { oneOf: [STRING, { type: 'null' }] },
    ],
    [
      'anyOf',
      { anyOf: [{ type: 'null' }, { $ref: '#/$defs/X' }] },
      { anyOf: [{ type: 'null' }, STRING] },
    ],
    ['allOf', { allOf: [{ $ref: '#/$defs/X' }] }, { allOf: [STRING] }],
    ['not', { not: { $ref: '#/$defs/X' } }, { not: STRING }],
    ['if', { if: { $ref: '#/$defs/X' } }, { if: STRING }],
    // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here
    ['then', { then: { $ref: '#/$defs/X' } }, { then: STRING }],
    ['else', { else: { $ref: '#/$defs/X' } }, { else: STRING }],
    [
      'dependentSchemas',
      { dependentSchemas: { a: { $ref: '#/$defs/X' } } },
      { dependentSchemas: { a: STRING } },
    ],
    [
      'dependencies (schema form)',
      { dependencies: { a: { $ref: '#/$defs/X' } } },
      { dependencies: { a: STRING } },
    ],
    ['contains', { contains: { $ref: '#/$defs/X' } }, { contains: STRING }],
    ['propertyNames', { propertyNames: { $ref: '#/$defs/X' } }, { propertyNames: STRING }],
    ['unevaluatedItems', { unevaluatedItems: { $ref: '#/$defs/X' } }, { unevaluatedItems: STRING }],
    [
      'unevaluatedProperties',
      { unevaluatedProperties: { $ref: '#/$defs/X' } },
      { unevaluatedProperties: STRING },
    ],
    ['contentSchema', { contentSchema: { $ref: '#/$defs/X' } }, { contentSchema: STRING }],
    [
      'deep inside nested objects and arrays',
      {
        properties: {
          a: { type: 'array', items: { anyOf: [{ properties: { b: { $ref: '#/$defs/X' } } }] } },
        },
      },
      { properties: { a: { type: 'array', items: { anyOf: [{ properties: { b: STRING } }] } } } },
    ],
  ];

  test.each(cases)('%s', (_position, body, expected) => {
    expect(inlineRefs(withX(body))).toStrictEqual(expected);
  });

  test('a definition referring to a definition nested in another definition', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/Outer' } },
      $defs: {
        Outer: {
          type: 'object',
          properties: { inner: { $ref: '#/$defs/Outer/$defs/Inner' } },
          $defs: { Inner: { type: 'number' } },
        },
      },
    };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: { a: { type: 'object', properties: { inner: { type: 'number' } } } },
    });
  });

  test('draft-07 dependencies keep their property-name arrays as data', () => {
    const schema = { dependencies: { card: ['billing_address'], pin: { $ref: '#/$defs/X' } } };
    expect(inlineRefs(withX(schema))).toStrictEqual({
      dependencies: { card: ['billing_address'], pin: STRING },
    });
  });

  test('boolean subschemas pass through', () => {
    const schema = { properties: { any: true, none: false }, additionalProperties: false };
    expect(inlineRefs(schema)).toStrictEqual(schema);
  });
});

describe('inlineRefs: pointers', () => {
  test.each([
    [
      'a deeper pointer into a definition',
      '#/$defs/A/properties/b',
      { A: { properties: { b: STRING } } },
    ],
    ['an index into an array', '#/$defs/A/anyOf/1', { A: { anyOf: [{ type: 'null' }, STRING] } }],
    ['~1 for "/"', '#/$defs/a~1b', { 'a/b': STRING }],
    ['~0 for "~"', '#/$defs/a~0b', { 'a~b': STRING }],
    ['~01 for the literal "~1"', '#/$defs/a~01', { 'a~1': STRING }],
    ['percent-encoding', '#/$defs/Item%20Name', { 'Item Name': STRING }],
    ['percent-encoded keyword', '#/%24defs/X', { X: STRING }],
    ['non-ASCII names', '#/$defs/Gr%C3%B6%C3%9Fe', { Größe: STRING }],
  ])('%s: %s', (_name, ref, $defs) => {
    expect(inlineRefs({ properties: { a: { $ref: ref } }, $defs })).toStrictEqual({
      properties: { a: STRING },
    });
  });

  test('a pointer into the root properties is resolved from the source document', () => {
    const schema = {
      properties: { original: STRING, copy: { $ref: '#/properties/original' } },
    };
    expect(inlineRefs(schema)).toStrictEqual({ properties: { original: STRING, copy: STRING } });
  });

  test('a pointer into an x- extension keyword is resolved', () => {
    const schema = { 'x-shared': { Id: STRING }, properties: { id: { $ref: '#/x-shared/Id' } } };
    expect(inlineRefs(schema)).toStrictEqual({
      'x-shared': { Id: STRING },
      properties: { id: STRING },
    });
  });
});
