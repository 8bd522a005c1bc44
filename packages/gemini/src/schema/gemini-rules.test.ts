import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { StrictModeError } from '@apcore-mcp/tool-export';
import { describe, expect, it } from 'vitest';
import { toGeminiTool } from '../to-gemini-tool.js';
import { toGeminiToolsDetailed } from '../to-gemini-tools.js';
import type { GeminiSchemaField } from '../types.js';
import { checkGeminiSchema } from './to-gemini-schema.js';

const SCHEMA_REFERENCE = 'https://ai.google.dev/api/caching#Schema';
const JSON_SCHEMA_DOCS = 'https://ai.google.dev/gemini-api/docs/structured-output#json-schema';
const DECLARATION_REFERENCE = 'https://ai.google.dev/api/caching#FunctionDeclaration';

/** What one field makes of a case: the `value` property as emitted, or the rules it breaks. */
type Expected = { emits: unknown } | { refuses: string[] };

interface RuleCase {
  rule: string;
  doc: string;
  /** The schema of the one property `value`. */
  value: unknown;
  parameters: Expected;
  parametersJsonSchema: Expected;
}

const CASES: RuleCase[] = [
  {
    rule: 'a nested $ref is inlined ($defs are not taken)',
    doc: SCHEMA_REFERENCE,
    value: { $ref: '#/$defs/Sku' },
    parameters: { emits: { type: 'STRING', description: 'A SKU' } },
    parametersJsonSchema: { emits: { type: 'string', description: 'A SKU' } },
  },
  {
    rule: 'const becomes a one-value enum',
    doc: SCHEMA_REFERENCE,
    value: { const: 'express' },
    parameters: { emits: { type: 'STRING', format: 'enum', enum: ['express'] } },
    parametersJsonSchema: { emits: { enum: ['express'] } },
  },
  {
    rule: 'oneOf becomes anyOf',
    doc: JSON_SCHEMA_DOCS,
    value: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    parameters: { emits: { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] } },
    parametersJsonSchema: { emits: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
  },
  {
    rule: 'allOf is merged where that is safe',
    doc: JSON_SCHEMA_DOCS,
    value: { allOf: [{ type: 'integer' }, { minimum: 1 }] },
    parameters: { emits: { type: 'INTEGER', minimum: 1 } },
    parametersJsonSchema: { emits: { type: 'integer', minimum: 1 } },
  },
  {
    rule: 'an allOf that cannot be merged is refused',
    doc: JSON_SCHEMA_DOCS,
    value: { allOf: [{ type: 'integer' }, { type: 'string' }] },
    parameters: { refuses: ['missing-type', 'unsupported-keyword'] },
    parametersJsonSchema: { refuses: ['missing-type', 'unsupported-keyword'] },
  },
  {
    rule: 'additionalProperties: false is left out of parameters, kept in JSON Schema',
    doc: SCHEMA_REFERENCE,
    value: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    parameters: { emits: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } },
    parametersJsonSchema: {
      emits: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    },
  },
  {
    rule: 'an open additionalProperties is refused in parameters',
    doc: SCHEMA_REFERENCE,
    value: { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
    parameters: { refuses: ['unsupported-keyword'] },
    parametersJsonSchema: {
      emits: { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
    },
  },
  {
    rule: 'a type list with null becomes nullable in parameters',
    doc: SCHEMA_REFERENCE,
    value: { type: ['string', 'null'] },
    parameters: { emits: { type: 'STRING', nullable: true } },
    parametersJsonSchema: { emits: { type: ['string', 'null'] } },
  },
  {
    rule: 'a type list of two types is refused in parameters',
    doc: SCHEMA_REFERENCE,
    value: { type: ['string', 'integer'] },
    parameters: { refuses: ['unsupported-type'] },
    parametersJsonSchema: { emits: { type: ['string', 'integer'] } },
  },
  {
    rule: 'a format outside the list is refused in parameters, dropped from the JSON Schema field',
    doc: JSON_SCHEMA_DOCS,
    value: { type: 'string', format: 'uri' },
    parameters: { refuses: ['unsupported-format'] },
    parametersJsonSchema: { emits: { type: 'string' } },
  },
  {
    rule: 'each field has its own formats',
    doc: JSON_SCHEMA_DOCS,
    value: { type: 'string', format: 'time' },
    parameters: { refuses: ['unsupported-format'] },
    parametersJsonSchema: { emits: { type: 'string', format: 'time' } },
  },
  {
    rule: 'a number enum is sent as strings with format enum in parameters',
    doc: SCHEMA_REFERENCE,
    value: { type: 'integer', enum: [101, 201] },
    parameters: { emits: { type: 'INTEGER', format: 'enum', enum: ['101', '201'] } },
    parametersJsonSchema: { emits: { type: 'integer', enum: [101, 201] } },
  },
  {
    rule: 'a boolean enum is refused in parameters',
    doc: SCHEMA_REFERENCE,
    value: { type: 'boolean', enum: [true] },
    parameters: { refuses: ['unsupported-type'] },
    parametersJsonSchema: { emits: { type: 'boolean', enum: [true] } },
  },
  {
    rule: 'a parameter name outside the rule is refused in parameters',
    doc: DECLARATION_REFERENCE,
    value: { type: 'object', properties: { 'first-name': { type: 'string' } } },
    parameters: { refuses: ['invalid-name'] },
    parametersJsonSchema: {
      emits: { type: 'object', properties: { 'first-name': { type: 'string' } } },
    },
  },
  {
    rule: 'length limits are int64 strings in parameters, dropped from the JSON Schema field',
    doc: SCHEMA_REFERENCE,
    value: { type: 'string', minLength: 1, maxLength: 8 },
    parameters: { emits: { type: 'STRING', minLength: '1', maxLength: '8' } },
    parametersJsonSchema: { emits: { type: 'string' } },
  },
  {
    rule: 'not is refused',
    doc: JSON_SCHEMA_DOCS,
    value: { type: 'string', not: { enum: ['x'] } },
    parameters: { refuses: ['unsupported-keyword'] },
    parametersJsonSchema: { refuses: ['unsupported-keyword'] },
  },
];

function emitted(value: unknown, schemaField: GeminiSchemaField): unknown {
  const descriptor = {
    moduleId: 'rules.case',
    description: 'A case',
    inputSchema: {
      type: 'object',
      properties: { value },
      $defs: { Sku: { type: 'string', description: 'A SKU' } },
    },
  };
  const declaration = toGeminiTool(descriptor, { schemaField });
  const schema =
    'parameters' in declaration ? declaration.parameters : declaration.parametersJsonSchema;
  return (schema.properties as Record<string, unknown>).value;
}

function violationsOf(value: unknown, schemaField: GeminiSchemaField): string[] {
  try {
    emitted(value, schemaField);
  } catch (error) {
    if (!StrictModeError.isInstance(error)) throw error;
    return error.details.violations.map((violation) => violation.rule);
  }
  return [];
}

describe('the Gemini API’s schema rules, case by case', () => {
  for (const testCase of CASES) {
    for (const field of ['parameters', 'parametersJsonSchema'] as const) {
      it(`${field}: ${testCase.rule} (${testCase.doc})`, () => {
        const expected = testCase[field];
        if ('emits' in expected) expect(emitted(testCase.value, field)).toEqual(expected.emits);
        else expect(violationsOf(testCase.value, field)).toEqual(expected.refuses);
      });
    }
  }

  it(`drops what only narrows under dropUnsupportedKeywords, and still refuses the rest (${JSON_SCHEMA_DOCS})`, () => {
    const declaration = toGeminiTool(
      {
        moduleId: 'rules.drop',
        description: '',
        inputSchema: {
          type: 'object',
          properties: {
            code: { type: 'string', pattern: '^[A-Z]+$', minLength: 2, format: 'uri' },
          },
        },
      },
      { dropUnsupportedKeywords: true },
    );
    expect(declaration.parametersJsonSchema.properties).toEqual({ code: { type: 'string' } });
  });

  it(`refuses a function name that starts with a digit or is longer than 64 (${DECLARATION_REFERENCE})`, () => {
    const schema = { type: 'object', properties: {} };
    expect(checkGeminiSchema(schema, { name: '2fa-check' }).map((v) => v.rule)).toEqual([
      'invalid-name',
    ]);
    expect(checkGeminiSchema(schema, { name: `a${'b'.repeat(64)}` }).map((v) => v.rule)).toEqual([
      'invalid-name',
    ]);
    expect(checkGeminiSchema(schema, { name: 'ns.tool:v1-a_b' })).toEqual([]);
  });

  it(`skips a module with a recursive $ref, with the reason (${SCHEMA_REFERENCE})`, () => {
    const registry = new Registry();
    registry.register(
      'tree.walk',
      defineModule({
        description: 'Walk a tree',
        inputSchema: {
          type: 'object',
          properties: { root: { $ref: '#/$defs/Node' } },
          $defs: {
            Node: {
              type: 'object',
              properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
            },
          },
        },
        execute: () => ({}),
      }),
    );
    for (const schemaField of ['parameters', 'parametersJsonSchema'] as const) {
      const { functionDeclarations, skipped } = toGeminiToolsDetailed(registry, { schemaField });
      expect(functionDeclarations).toEqual([]);
      expect(skipped).toEqual([
        {
          moduleId: 'tree.walk',
          reasons: [expect.stringMatching(/circular/i)],
          code: 'SCHEMA_CONVERSION_ERROR',
        },
      ]);
    }
  });

  it('names the module, the field and every violation in the refusal', () => {
    expect(() =>
      toGeminiTool(
        {
          moduleId: 'crm.contact',
          description: '',
          inputSchema: {
            type: 'object',
            properties: {
              'e-mail': { type: 'string', format: 'uri' },
              tags: { type: ['string', 'integer'] },
            },
          },
        },
        { schemaField: 'parameters' },
      ),
    ).toThrow(
      /^The schema of module "crm.contact" breaks the Gemini API's rules for "parameters":\n- Module "crm.contact", \/properties\/e-mail: format "uri" [^\n]*\n- Module "crm.contact", \/properties\/e-mail: parameter name "e-mail" [^\n]*\n- Module "crm.contact", \/properties\/tags: a list of types/,
    );
  });
});
