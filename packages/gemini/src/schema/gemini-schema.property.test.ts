import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toGeminiToolsDetailed } from '../to-gemini-tools.js';
import type { GeminiFunctionDeclaration, GeminiSchemaField } from '../types.js';
import { checkGeminiSchema } from './to-gemini-schema.js';

const INT64_FIELDS = [
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
];

/** `parameters` back in JSON Schema's spelling, for the checker: lower-case types, numbers. */
function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => {
      if (key === 'type' && typeof entry === 'string') return [key, entry.toLowerCase()];
      if (INT64_FIELDS.includes(key) && typeof entry === 'string') return [key, Number(entry)];
      if (key === 'enum' || key === 'required' || key === 'propertyOrdering') return [key, entry];
      return [key, decode(entry)];
    }),
  );
}

const leafTypes = fc.constantFrom('string', 'integer', 'number', 'boolean', 'null');
const propertyName = fc.constantFrom('sku', 'qty', '_note', 'first-name', 'x', 'Zip9');
const extras = fc.record(
  {
    description: fc.constantFrom('A field', 'Another'),
    minLength: fc.nat(5),
    pattern: fc.constant('^[a-z]+$'),
    format: fc.constantFrom('date-time', 'time', 'email', 'uri', 'enum'),
    enum: fc.oneof(
      fc.array(fc.constantFrom('a', 'b'), { minLength: 1, maxLength: 2 }),
      fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 2 }),
      fc.constant([true]),
    ),
    const: fc.constantFrom('fixed', 7, false),
    minimum: fc.integer({ min: 0, max: 9 }),
    default: fc.constant('d'),
    'x-ui': fc.constant('slider'),
    not: fc.constant({ type: 'null' }),
  },
  { requiredKeys: [] },
);

const schema = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(
        fc.oneof(leafTypes, fc.constant(['string', 'null']), fc.constant(['string', 'integer'])),
        extras,
      )
      .map(([type, rest]) => ({ type, ...rest })),
    fc
      .record({
        properties: fc.dictionary(propertyName, tie('node'), { maxKeys: 3 }),
        additionalProperties: fc.constantFrom(undefined, false, true),
      })
      .map(({ properties, additionalProperties }) => ({
        type: 'object',
        properties,
        required: Object.keys(properties).slice(0, 1),
        ...(additionalProperties === undefined ? {} : { additionalProperties }),
      })),
    tie('node').map((items) => ({ type: 'array', items, minItems: 1 })),
    fc.array(tie('node'), { minLength: 2, maxLength: 2 }).map((branches) => ({ oneOf: branches })),
    fc.array(tie('node'), { minLength: 1, maxLength: 2 }).map((branches) => ({ allOf: branches })),
    fc.constant({ $ref: '#/$defs/Shared' }),
  ),
})).node;

function schemaOf(declaration: GeminiFunctionDeclaration): Record<string, unknown> {
  return 'parameters' in declaration
    ? (decode(declaration.parameters) as Record<string, unknown>)
    : declaration.parametersJsonSchema;
}

describe('every generated schema is either a declaration that passes the checks or skipped with a reason', () => {
  for (const schemaField of ['parameters', 'parametersJsonSchema'] as GeminiSchemaField[]) {
    for (const dropUnsupportedKeywords of [false, true]) {
      it(`${schemaField}${dropUnsupportedKeywords ? ', dropping unsupported keywords' : ''}`, () => {
        fc.assert(
          fc.property(fc.array(schema, { minLength: 1, maxLength: 4 }), (fields) => {
            const registry = new Registry();
            const ids = fields.map((_field, index) => `generated.module_${index}`);
            for (const [index, field] of fields.entries()) {
              registry.register(
                ids[index] as string,
                defineModule({
                  description: 'Generated',
                  inputSchema: {
                    type: 'object',
                    properties: { value: field },
                    $defs: { Shared: { type: 'string', maxLength: 4 } },
                  },
                  execute: () => ({}),
                }),
              );
            }
            const { functionDeclarations, skipped } = toGeminiToolsDetailed(registry, {
              schemaField,
              dropUnsupportedKeywords,
            });
            const emitted = new Set(functionDeclarations.map((declaration) => declaration.name));
            for (const declaration of functionDeclarations) {
              expect(
                checkGeminiSchema(schemaOf(declaration), { schemaField, name: declaration.name }),
              ).toEqual([]);
            }
            for (const entry of skipped) {
              expect(entry.reasons.length).toBeGreaterThan(0);
              expect(emitted.has(entry.moduleId.replace('.', '-'))).toBe(false);
            }
            expect(emitted.size + skipped.length).toBe(ids.length);
          }),
          { numRuns: 150 },
        );
      });
    }
  }
});
