import type { JsonSchema } from '@apcore-mcp/core';
import type { Logger } from '@apcore-mcp/core/bridge';
import { describe, expect, test } from 'vitest';
import { SchemaConversionError } from './schema-conversion-error.js';
import { SchemaConverter } from './schema-converter.js';

const converter = new SchemaConverter();

function input(inputSchema: unknown, moduleId = 'image.resize'): JsonSchema {
  return converter.convertInputSchema({ moduleId, inputSchema: inputSchema as JsonSchema });
}

function output(outputSchema: unknown, moduleId = 'image.resize'): JsonSchema {
  return converter.convertOutputSchema({ moduleId, outputSchema: outputSchema as JsonSchema });
}

function conversionErrorOf(run: () => unknown): SchemaConversionError {
  try {
    run();
  } catch (error) {
    if (SchemaConversionError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a SchemaConversionError');
}

const CYCLIC = {
  properties: { a: { $ref: '#/$defs/A' } },
  $defs: { A: { properties: { b: { $ref: '#/$defs/B' } } }, B: { $ref: '#/$defs/A' } },
};

describe('convertInputSchema (FR-SCHEMA-001)', () => {
  test('inlines $ref, removes $defs and keeps properties intact', () => {
    expect(
      input({
        type: 'object',
        properties: { size: { $ref: '#/$defs/Size' }, label: { type: 'string' } },
        $defs: { Size: { type: 'integer', minimum: 1 } },
      }),
    ).toStrictEqual({
      type: 'object',
      properties: { size: { type: 'integer', minimum: 1 }, label: { type: 'string' } },
    });
  });

  test.each([
    ['{}', {}],
    ['null (foreign runtimes)', null],
    ['undefined (foreign runtimes)', undefined],
  ])('an empty input schema %s becomes { type: "object", properties: {} }', (_name, schema) => {
    expect(input(schema)).toStrictEqual({ type: 'object', properties: {} });
  });

  test('properties without type get type "object"', () => {
    expect(input({ properties: { a: { type: 'string' } } })).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
  });

  test('title and required are preserved', () => {
    const schema = { type: 'object', title: 'In', properties: { a: {} }, required: ['a'] };
    expect(input(schema)).toStrictEqual(schema);
  });

  test('a root $ref becomes an object root', () => {
    expect(
      input({ $ref: '#/$defs/In', $defs: { In: { properties: { a: { type: 'string' } } } } }),
    ).toStrictEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });

  test('a circular reference names the cycle and the module', () => {
    const error = conversionErrorOf(() => input(CYCLIC));
    expect(error.message).toBe(
      'Cannot convert the input schema of module "image.resize": Circular reference: #/$defs/A -> #/$defs/B -> #/$defs/A (at #/$defs/B/$ref)',
    );
    expect(error.details).toStrictEqual({
      reason: 'circular-reference',
      path: '/$defs/B/$ref',
      ref: '#/$defs/A',
      cycle: ['#/$defs/A', '#/$defs/B', '#/$defs/A'],
      moduleId: 'image.resize',
      schemaKind: 'input',
    });
    expect(SchemaConversionError.isInstance(error.cause)).toBe(true);
  });

  test('a missing definition is named, with the module', () => {
    const error = conversionErrorOf(() =>
      input({ properties: { a: { $ref: '#/$defs/Gone' } } }, 'x.y'),
    );
    expect(error.message).toBe(
      'Cannot convert the input schema of module "x.y": Reference target not found: #/$defs/Gone (at #/properties/a/$ref)',
    );
    expect(error.details).toMatchObject({ reason: 'missing-reference', moduleId: 'x.y' });
  });

  test('references nested beyond maxDepth are refused; the limit is configurable', () => {
    const schema = {
      $ref: '#/$defs/A',
      $defs: { A: { items: { $ref: '#/$defs/B' } }, B: { items: { $ref: '#/$defs/C' } }, C: {} },
    };
    expect(() => input(schema)).not.toThrow();
    const strict = new SchemaConverter({ maxDepth: 2 });
    const error = conversionErrorOf(() =>
      strict.convertInputSchema({ moduleId: 'm', inputSchema: schema }),
    );
    expect(error.details).toMatchObject({ reason: 'max-depth-exceeded', moduleId: 'm' });
  });

  test('a non-object root is refused with the module id', () => {
    const error = conversionErrorOf(() => input({ type: 'string' }, 'text.echo'));
    expect(error.message).toBe(
      'Cannot convert the input schema of module "text.echo": Root schema must have type "object" for an MCP tool, got type "string"',
    );
    expect(error.details).toMatchObject({ reason: 'root-not-object', schemaKind: 'input' });
  });

  test('a schema that is not an object is refused with the module id', () => {
    const error = conversionErrorOf(() => input('{"type":"object"}'));
    expect(error.details).toMatchObject({ reason: 'invalid-schema', moduleId: 'image.resize' });
  });

  test('errors other than conversion errors are not disguised', () => {
    const hostile = new Proxy(
      { type: 'object' },
      {
        ownKeys() {
          throw new TypeError('hostile schema');
        },
      },
    );
    expect(() => input(hostile)).toThrow(TypeError);
  });
});

describe('the descriptor is never touched', () => {
  const schema = () => ({
    type: 'object',
    properties: {
      size: { $ref: '#/$defs/Size', default: { width: 1 } },
      tags: { type: 'array', items: { type: 'string' }, default: ['a'] },
    },
    $defs: { Size: { type: 'object', properties: { width: { type: 'integer' } } } },
  });

  test('converting does not mutate the input schema', () => {
    const descriptor = { moduleId: 'm', inputSchema: schema(), outputSchema: schema() };
    converter.convertInputSchema(descriptor);
    converter.convertOutputSchema(descriptor);
    expect(descriptor).toStrictEqual({
      moduleId: 'm',
      inputSchema: schema(),
      outputSchema: schema(),
    });
  });

  test('the result shares nothing with the input: a runtime rewriting one leaves the other', () => {
    const descriptor = { moduleId: 'm', inputSchema: schema() };
    const converted = converter.convertInputSchema(descriptor) as ReturnType<typeof schema>;
    // apcore-js rewrites a module's schema in place on its first call.
    delete (descriptor.inputSchema as Partial<ReturnType<typeof schema>>).$defs;
    descriptor.inputSchema.properties.tags.default.push('changed');
    expect((converted.properties.tags.default as string[]).length).toBe(1);
    (converted.properties.size.default as { width: number }).width = 99;
    expect(descriptor.inputSchema.properties.size.default).toStrictEqual({ width: 1 });
  });
});

describe('OpenAI parameters use the same conversion (FR-SCHEMA-004)', () => {
  test('converting is deterministic and converting the result again changes nothing', () => {
    const schema = { properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } };
    const first = input(schema);
    expect(input(schema)).toStrictEqual(first);
    expect(input(first)).toStrictEqual(first);
  });
});

describe('convertOutputSchema (FR-SCHEMA-005)', () => {
  test.each([
    ['{}', {}],
    ['null', null],
    ['undefined', undefined],
  ])('an empty output schema %s becomes {}', (_name, schema) => {
    expect(output(schema)).toStrictEqual({});
  });

  test('references are inlined and $defs removed', () => {
    expect(
      output({
        type: 'object',
        properties: { items: { type: 'array', items: { $ref: '#/$defs/Item' } } },
        $defs: { Item: { type: 'object', properties: { id: { type: 'string' } } } },
      }),
    ).toStrictEqual({
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    });
  });

  test('properties without type get type "object"; a different root type is left as written', () => {
    expect(output({ properties: { ok: { type: 'boolean' } } })).toStrictEqual({
      type: 'object',
      properties: { ok: { type: 'boolean' } },
    });
    expect(output({ type: 'array', items: { type: 'string' } })).toStrictEqual({
      type: 'array',
      items: { type: 'string' },
    });
  });

  test('a circular reference is refused with the module id', () => {
    const error = conversionErrorOf(() => output(CYCLIC, 'report.build'));
    expect(error.message).toMatch(
      /^Cannot convert the output schema of module "report.build": Circular reference: /,
    );
    expect(error.details).toMatchObject({
      reason: 'circular-reference',
      moduleId: 'report.build',
      schemaKind: 'output',
    });
  });
});

describe('every JSON Schema type passes through (FR-SCHEMA-006)', () => {
  test('types, unions, items, nested objects, enum, const, format, default, description', () => {
    const schema = {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'Some text', format: 'email', default: 'a@b.c' },
        count: { type: 'integer', minimum: 0, default: 1 },
        ratio: { type: 'number', exclusiveMaximum: 1 },
        flag: { type: 'boolean', default: false },
        nothing: { type: 'null' },
        maybe: { type: ['string', 'null'] },
        list: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
        nested: {
          type: 'object',
          properties: { deeper: { type: 'object', properties: { leaf: { type: 'string' } } } },
          required: ['deeper'],
          additionalProperties: false,
        },
        choice: { enum: ['a', 'b', null] },
        fixed: { const: 'v1' },
        when: { type: 'string', format: 'date-time' },
        vendor: { type: 'string', 'x-widget': 'textarea' },
      },
      required: ['text'],
    };
    expect(input(schema)).toStrictEqual(schema);
    expect(output(schema)).toStrictEqual(schema);
  });
});

describe('logging', () => {
  test('a successful conversion is logged at debug with the module id', () => {
    const entries: unknown[][] = [];
    const record = (...args: unknown[]) => entries.push(args);
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    new SchemaConverter({ logger }).convertInputSchema({
      moduleId: 'm.x',
      inputSchema: { type: 'object' },
    });
    expect(entries).toStrictEqual([
      [{ moduleId: 'm.x', schemaKind: 'input' }, 'converted module schema'],
    ]);
  });
});
