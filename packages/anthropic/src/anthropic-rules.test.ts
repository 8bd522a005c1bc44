import type { JsonSchema } from '@apcore-mcp/core';
import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_DOCS } from './anthropic-rules.js';
import { AnthropicToolError } from './anthropic-tool-error.js';
import type { AnthropicRule } from './anthropic-violation.js';
import { checkAnthropicTool } from './check-anthropic-tool.js';
import { toAnthropicTool } from './to-anthropic-tool.js';
import { type ToAnthropicToolsOptions, toAnthropicToolsDetailed } from './to-anthropic-tools.js';

const { defineTools, schemaLimitations } = ANTHROPIC_DOCS;

interface RuleCase {
  name: string;
  /** The documentation page that states the rule. */
  doc: string;
  schema: JsonSchema;
  options?: ToAnthropicToolsOptions;
  /** The rules the module is refused under; empty when it is exported. */
  refusedUnder: AnthropicRule[];
}

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

const manyOptional = Object.fromEntries(
  Array.from({ length: 25 }, (_, index) => [`field${index}`, { type: 'string' }]),
);
const manyUnions = Object.fromEntries(
  Array.from({ length: 17 }, (_, index) => [`field${index}`, { type: ['string', 'integer'] }]),
);
const strict = { strict: true } as const;

const CASES: RuleCase[] = [
  {
    name: 'a root anyOf is refused, strict or not',
    doc: defineTools,
    schema: { type: 'object', anyOf: [object({ a: { type: 'string' } })] },
    refusedUnder: ['root-combinator'],
  },
  {
    name: 'a root oneOf is refused',
    doc: defineTools,
    schema: { type: 'object', oneOf: [object({ a: { type: 'string' } })] },
    refusedUnder: ['root-combinator'],
  },
  {
    name: 'a root allOf is refused',
    doc: defineTools,
    schema: { type: 'object', allOf: [object({ a: { type: 'string' } })] },
    refusedUnder: ['root-combinator'],
  },
  {
    name: 'a nested $ref/$defs is accepted (inlined)',
    doc: defineTools,
    schema: object(
      { address: { $ref: '#/$defs/Address' } },
      {
        $defs: { Address: object({ city: { type: 'string' } }) },
      },
    ),
    refusedUnder: [],
  },
  {
    name: 'a nested $ref is accepted in strict mode too',
    doc: schemaLimitations,
    schema: object(
      { address: { $ref: '#/$defs/Address' } },
      {
        $defs: { Address: object({ city: { type: 'string' } }, { required: ['city'] }) },
      },
    ),
    options: strict,
    refusedUnder: [],
  },
  {
    name: 'value constraints are fine without strict',
    doc: defineTools,
    schema: object({
      name: { type: 'string', minLength: 2 },
      age: { type: 'integer', minimum: 0 },
    }),
    refusedUnder: [],
  },
  {
    name: 'a nested union (anyOf) is accepted in strict mode',
    doc: schemaLimitations,
    schema: object({ id: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }),
    options: strict,
    refusedUnder: [],
  },
  {
    name: 'strict: minLength is refused',
    doc: schemaLimitations,
    schema: object({ name: { type: 'string', minLength: 2 } }),
    options: strict,
    refusedUnder: ['unsupported-keyword'],
  },
  {
    name: 'strict: numeric bounds are refused',
    doc: schemaLimitations,
    schema: object({ age: { type: 'integer', minimum: 0, maximum: 150 } }),
    options: strict,
    refusedUnder: ['unsupported-keyword'],
  },
  {
    name: 'strict: with dropUnsupportedKeywords, value constraints are dropped',
    doc: schemaLimitations,
    schema: object({
      name: { type: 'string', minLength: 2, pattern: '^(?=a)' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
    }),
    options: { strict: true, dropUnsupportedKeywords: true },
    refusedUnder: [],
  },
  {
    name: 'strict: a listed format (uri) is accepted',
    doc: schemaLimitations,
    schema: object({ site: { type: 'string', format: 'uri' } }),
    options: strict,
    refusedUnder: [],
  },
  {
    name: 'strict: a format outside the list is refused',
    doc: schemaLimitations,
    schema: object({ colour: { type: 'string', format: 'color' } }),
    options: strict,
    refusedUnder: ['unsupported-format'],
  },
  {
    name: 'strict: a simple pattern is accepted',
    doc: schemaLimitations,
    schema: object({ sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{3}$' } }),
    options: strict,
    refusedUnder: [],
  },
  {
    name: 'strict: a lookahead pattern is refused',
    doc: schemaLimitations,
    schema: object({ code: { type: 'string', pattern: '^(?!0)\\d+$' } }),
    options: strict,
    refusedUnder: ['unsupported-pattern'],
  },
  {
    name: 'strict: a backreference pattern is refused',
    doc: schemaLimitations,
    schema: object({ code: { type: 'string', pattern: '(a)\\1' } }),
    options: strict,
    refusedUnder: ['unsupported-pattern'],
  },
  {
    name: 'strict: minItems 1 is accepted',
    doc: schemaLimitations,
    schema: object({ tags: { type: 'array', items: { type: 'string' }, minItems: 1 } }),
    options: strict,
    refusedUnder: [],
  },
  {
    name: 'strict: minItems above 1 is refused',
    doc: schemaLimitations,
    schema: object({ tags: { type: 'array', items: { type: 'string' }, minItems: 3 } }),
    options: strict,
    refusedUnder: ['unsupported-min-items'],
  },
  {
    name: 'strict: an enum of objects is refused',
    doc: schemaLimitations,
    schema: object({ pick: { enum: [{ a: 1 }, { a: 2 }] } }),
    options: strict,
    refusedUnder: ['non-primitive-value'],
  },
  {
    name: 'strict: an open object is closed (additionalProperties: false) and accepted',
    doc: schemaLimitations,
    schema: object({ meta: object({ a: { type: 'string' } }, { additionalProperties: true }) }),
    options: strict,
    refusedUnder: [],
  },
  {
    name: 'strict: an allOf that cannot be merged is refused',
    doc: schemaLimitations,
    schema: object({
      value: { allOf: [{ type: 'string' }, { type: 'integer' }] },
    }),
    options: strict,
    refusedUnder: ['unsupported-keyword'],
  },
  {
    name: 'strict: more than 24 optional parameters are refused',
    doc: schemaLimitations,
    schema: object(manyOptional),
    options: strict,
    refusedUnder: ['too-many-optional-parameters'],
  },
  {
    name: 'strict: more than 16 union-typed parameters are refused',
    doc: schemaLimitations,
    schema: object(manyUnions, { required: Object.keys(manyUnions) }),
    options: strict,
    refusedUnder: ['too-many-union-parameters'],
  },
];

function exportOne(schema: JsonSchema, options: ToAnthropicToolsOptions = {}) {
  const registry = new Registry();
  registry.register(
    'shop.module',
    defineModule({ description: 'A module', inputSchema: schema, execute: () => ({}) }),
  );
  return toAnthropicToolsDetailed(registry, options);
}

/** The rules the single-tool conversion names when it refuses the module. */
function refusedRules(schema: JsonSchema, options: ToAnthropicToolsOptions = {}): string[] {
  try {
    toAnthropicTool(
      { moduleId: 'shop.module', description: 'A module', inputSchema: schema },
      options,
    );
  } catch (error) {
    if (AnthropicToolError.isInstance(error)) {
      return error.details.violations.map((violation) => violation.rule);
    }
    throw error;
  }
  return [];
}

describe("Anthropic's documented tool rules, case by case", () => {
  for (const testCase of CASES) {
    it(`${testCase.name} (${testCase.doc})`, () => {
      const { tools, skipped } = exportOne(testCase.schema, testCase.options);
      if (testCase.refusedUnder.length === 0) {
        expect(skipped).toEqual([]);
        const [tool] = tools;
        expect(tool).toBeDefined();
        // The emitted tool passes the checker it was built under.
        expect(checkAnthropicTool(tool!, { moduleId: 'shop.module' })).toEqual([]);
        return;
      }
      expect(tools).toEqual([]);
      expect(skipped).toHaveLength(1);
      expect(skipped[0]?.code).toBe('ANTHROPIC_TOOL_REFUSED');
      const reasons = skipped[0]?.reasons.join('\n') ?? '';
      expect(reasons).toContain('Module "shop.module"');
      expect(refusedRules(testCase.schema, testCase.options)).toEqual(
        expect.arrayContaining(testCase.refusedUnder),
      );
    });
  }
});
