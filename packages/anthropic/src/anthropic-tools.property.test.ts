import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAnthropicTool } from './check-anthropic-tool.js';
import { type ToAnthropicToolsOptions, toAnthropicToolsDetailed } from './to-anthropic-tools.js';

type Schema = Record<string, unknown>;

/** Leaves in and out of strict tool use's subset. */
const LEAVES: readonly Schema[] = [
  { type: 'string' },
  { type: 'string', minLength: 2 },
  { type: 'string', format: 'uri' },
  { type: 'string', format: 'color' },
  { type: 'string', pattern: '^[a-z]+$' },
  { type: 'string', pattern: '^(?=x)' },
  { type: 'integer', minimum: 0 },
  { type: 'number' },
  { type: 'boolean', default: false },
  { type: 'null' },
  { type: ['string', 'null'] },
  { enum: ['a', 'b', null] },
  { enum: [{ a: 1 }] },
  { const: 'fixed' },
  { type: 'string', 'x-llm-description': 'for models', 'x-sensitive': true },
  { type: 'array', items: { type: 'string' }, minItems: 3 },
  {},
];

const NAMES = ['a', 'b', 'c', 'd'];

const schemaArbitrary: fc.Arbitrary<Schema> = fc.letrec<{ schema: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...LEAVES),
    fc
      .record(
        {
          properties: fc.dictionary(fc.constantFrom(...NAMES), tie('schema'), {
            maxKeys: 4,
            noNullPrototype: true,
          }),
          required: fc.subarray(NAMES),
          additionalProperties: fc.constantFrom(true, false),
        },
        { requiredKeys: ['properties'] },
      )
      .map((schema) => ({ type: 'object', ...schema })),
    tie('schema').map((items) => ({ type: 'array', items })),
    fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
    fc.array(tie('schema'), { minLength: 1, maxLength: 2 }).map((oneOf) => ({ oneOf })),
    fc.array(tie('schema'), { minLength: 1, maxLength: 2 }).map((allOf) => ({ allOf })),
  ),
})).schema;

/** Roots: mostly objects, some with a combinator at the root, some not objects at all. */
const rootArbitrary: fc.Arbitrary<Schema> = fc.oneof(
  schemaArbitrary.filter((schema) => schema.type === 'object').map((schema) => ({ ...schema })),
  fc
    .tuple(schemaArbitrary, fc.constantFrom('anyOf', 'oneOf', 'allOf'))
    .map(([branch, key]) => ({ type: 'object', properties: {}, [key]: [branch] })),
  schemaArbitrary,
);

const optionsArbitrary: fc.Arbitrary<ToAnthropicToolsOptions> = fc.record({
  strict: fc.boolean(),
  dropUnsupportedKeywords: fc.boolean(),
});

describe('every generated schema becomes a checked tool or a skipped module, never both', () => {
  it('exports a tool that passes the checker, or skips the module with reasons', () => {
    fc.assert(
      fc.property(rootArbitrary, optionsArbitrary, (schema, options) => {
        const registry = new Registry();
        registry.register(
          'gen.module',
          defineModule({ description: 'Generated', inputSchema: schema, execute: () => ({}) }),
        );
        const { tools, skipped } = toAnthropicToolsDetailed(registry, options);
        expect(tools.length + skipped.length).toBe(1);
        const [tool] = tools;
        if (tool !== undefined) {
          expect(checkAnthropicTool(tool)).toEqual([]);
          expect(tool.strict === true).toBe(options.strict === true);
        } else {
          expect(skipped[0]?.moduleId).toBe('gen.module');
          expect(skipped[0]?.reasons.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
