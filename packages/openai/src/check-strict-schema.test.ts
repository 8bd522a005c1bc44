import { describe, expect, it } from 'vitest';
import { assertStrictSchema, checkStrictSchema } from './check-strict-schema.js';
import { StrictModeError } from './strict-mode-error.js';
import { toStrictSchema } from './to-strict-schema.js';

/** A closed object schema with every property required. */
function closed(properties: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

function rules(schema: Record<string, unknown>): string[] {
  return checkStrictSchema(schema).map((violation) => `${violation.rule} ${violation.path}`);
}

describe('checkStrictSchema', () => {
  it('accepts a schema that follows every rule', () => {
    const schema = closed({
      name: { type: 'string', pattern: '^[a-z]+$' },
      when: { type: ['string', 'null'], format: 'date-time' },
      count: { type: 'integer', minimum: 0, maximum: 10, multipleOf: 2 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      flags: { type: 'array', items: { type: 'boolean' }, minItems: 1, maxItems: 3 },
      kind: { enum: ['a', 'b'], description: 'Kind' },
      fixed: { const: 1 },
      either: { anyOf: [{ type: 'string' }, closed({ x: { type: 'number' } })] },
    });
    expect(checkStrictSchema(schema, { moduleId: 'ok.module', name: 'ok-module' })).toEqual([]);
  });

  it('reports each violation with the module id and JSON path', () => {
    const schema = closed({
      address: closed({ zip: { type: 'string', minLength: 5 } }),
    });
    expect(checkStrictSchema(schema, { moduleId: 'crm.contact' })).toEqual([
      {
        moduleId: 'crm.contact',
        path: '/properties/address/properties/zip',
        rule: 'unsupported-keyword',
        message:
          'Module "crm.contact", /properties/address/properties/zip: "minLength" is not supported in strict mode for type string',
      },
    ]);
  });

  it('names deep violations by JSON pointer, escaping "/" and "~" in names', () => {
    const schema = closed({
      'a/b': {
        anyOf: [
          { type: 'string' },
          { type: 'array', items: closed({ '~c': { type: 'string', minLength: 1 } }) },
        ],
      },
      list: { type: 'array', items: [{ type: 'string' }] },
    });
    expect(rules(schema)).toEqual([
      'unsupported-keyword /properties/a~1b/anyOf/1/items/properties/~0c',
      'unsupported-keyword /properties/list/items',
    ]);
    expect(rules({ type: 'object', properties: { 'x/y': { type: 'string' } } })).toEqual([
      'additional-properties ',
      'not-required /properties/x~1y',
    ]);
  });

  it('requires an object root, not an anyOf and not nullable', () => {
    expect(rules({ type: 'array', items: { type: 'string' } })).toContain('root-not-object ');
    expect(rules({ anyOf: [closed({}), closed({ a: { type: 'string' } })] })).toContain(
      'root-not-object ',
    );
    expect(rules({ ...closed({}), type: ['object', 'null'] })).toContain('root-not-object ');
  });

  it('requires additionalProperties: false and every property in required', () => {
    expect(rules({ type: 'object', properties: { a: { type: 'string' } }, required: [] })).toEqual([
      'additional-properties ',
      'not-required /properties/a',
    ]);
  });

  it('reports unsupported types, missing types, formats and keywords', () => {
    const schema = closed({
      anything: {},
      blob: { type: 'file' },
      site: { type: 'string', format: 'uri' },
      count: { type: 'integer', pattern: 'x' },
      // `then` spelled through JSON: a literal `then` key reads as a thenable to linters.
      cond: JSON.parse('{"type":"string","if":{"const":"a"},"then":{"const":"b"}}'),
      neg: { type: 'string', not: { const: 'x' } },
      merged: {
        type: 'object',
        allOf: [],
        properties: {},
        required: [],
        additionalProperties: false,
      },
      ref: { $ref: '#/$defs/X' },
      pair: { type: 'array', items: [{ type: 'string' }] },
      deps: { ...closed({}), dependentRequired: {}, dependentSchemas: {} },
      choice: { oneOf: [{ type: 'string' }] },
      flag: true,
    });
    expect(rules(schema)).toEqual([
      'missing-type /properties/anything',
      'unsupported-type /properties/blob',
      'unsupported-format /properties/site',
      'unsupported-keyword /properties/count',
      'unsupported-keyword /properties/cond',
      'unsupported-keyword /properties/cond',
      'unsupported-keyword /properties/neg',
      'unsupported-keyword /properties/merged',
      'missing-type /properties/ref',
      'unsupported-keyword /properties/ref',
      'unsupported-keyword /properties/pair/items',
      'unsupported-keyword /properties/deps',
      'unsupported-keyword /properties/deps',
      'missing-type /properties/choice',
      'unsupported-keyword /properties/choice',
      'invalid-schema /properties/flag',
    ]);
  });

  it('reports more than 5,000 properties in total', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5_001 }, (_, index) => [`p${index}`, { type: 'string' }]),
    );
    expect(rules(closed(properties))).toEqual(['too-many-properties ']);
    const atLimit = Object.fromEntries(
      Array.from({ length: 5_000 }, (_, index) => [`p${index}`, { type: 'string' }]),
    );
    expect(rules(closed(atLimit))).toEqual([]);
  });

  it('reports more than 10 levels of object nesting, at the first level too deep', () => {
    const nest = (levels: number): Record<string, unknown> =>
      levels === 1 ? closed({ leaf: { type: 'string' } }) : closed({ child: nest(levels - 1) });
    expect(rules(nest(10))).toEqual([]);
    const tooDeep = checkStrictSchema(nest(12));
    expect(tooDeep.map((violation) => violation.rule)).toEqual(['too-deep']);
    expect(tooDeep[0]?.path).toBe(`${'/properties/child'.repeat(10)}`);
  });

  it('reports more than 120,000 characters of names and values', () => {
    const longNames = Object.fromEntries(
      Array.from({ length: 130 }, (_, index) => [
        `${'n'.repeat(996)}${String(index).padStart(4, '0')}`,
        { type: 'string' },
      ]),
    );
    expect(rules(closed(longNames))).toEqual(['too-many-characters ']);
  });

  it('reports more than 1,000 enum values in total', () => {
    const values = (offset: number) => Array.from({ length: 501 }, (_, index) => index + offset);
    expect(
      rules(
        closed({
          a: { type: 'integer', enum: values(0) },
          b: { type: 'integer', enum: values(1000) },
        }),
      ),
    ).toEqual(['too-many-enum-values ']);
  });

  it('reports a string enum of more than 250 values over 15,000 characters', () => {
    const big = Array.from({ length: 251 }, (_, index) => `${'v'.repeat(60)}${index}`);
    expect(rules(closed({ a: { type: 'string', enum: big } }))).toEqual([
      'string-enum-too-long /properties/a',
    ]);
    const short = Array.from({ length: 251 }, (_, index) => `v${index}`);
    expect(rules(closed({ a: { type: 'string', enum: short } }))).toEqual([]);
    const fewLong = Array.from({ length: 250 }, (_, index) => `${'v'.repeat(100)}${index}`);
    expect(rules(closed({ a: { type: 'string', enum: fewLong } }))).toEqual([]);
  });

  it('checks the function name when given', () => {
    expect(
      checkStrictSchema(closed({}), { name: 'image.resize' }).map((violation) => violation.rule),
    ).toEqual(['invalid-name']);
  });

  it('accepts what toStrictSchema makes of an ordinary schema', () => {
    const strict = toStrictSchema({
      type: 'object',
      properties: {
        image: { type: 'object', properties: { url: { type: 'string', format: 'uuid' } } },
        sizes: { type: 'array', items: { type: 'integer', default: 1 } },
      },
    });
    expect(checkStrictSchema(strict)).toEqual([]);
  });
});

describe('assertStrictSchema', () => {
  it('throws a StrictModeError listing every violation', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', maxLength: 3 } } };
    let thrown: unknown;
    try {
      assertStrictSchema(schema, { moduleId: 'm.x' });
    } catch (error) {
      thrown = error;
    }
    expect(StrictModeError.isInstance(thrown)).toBe(true);
    const error = thrown as StrictModeError;
    expect(error.code).toBe('STRICT_MODE_VIOLATION');
    expect(error.details.moduleId).toBe('m.x');
    expect(error.details.violations).toHaveLength(3);
    expect(error.message).toContain(
      `The schema of module "m.x" breaks OpenAI's strict mode:\n- Module "m.x", root:`,
    );
  });

  it('returns quietly for a fit schema', () => {
    expect(() => assertStrictSchema(closed({}))).not.toThrow();
  });
});
