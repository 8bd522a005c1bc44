import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  inputSchemaArbitrary,
  moduleIdsArbitrary,
} from './__fixtures__/module-schema-arbitraries.js';
import { checkStrictSchema } from './check-strict-schema.js';
import { normalize } from './normalize.js';
import { type ToOpenaiToolsOptions, toOpenaiToolsDetailed } from './to-openai-tools.js';

/** Registries of generated modules, each with its own generated input schema. */
const registryArbitrary = moduleIdsArbitrary.chain((moduleIds) =>
  fc.tuple(...moduleIds.map(() => inputSchemaArbitrary)).map((schemas) => {
    const registry = new Registry();
    moduleIds.forEach((moduleId, index) => {
      registry.register(
        moduleId,
        defineModule({
          description: `Runs ${moduleId}`,
          inputSchema: schemas[index] ?? {},
          execute: () => ({}),
        }),
      );
    });
    return { registry, moduleIds };
  }),
);

const optionsArbitrary: fc.Arbitrary<ToOpenaiToolsOptions> = fc.record({
  strict: fc.boolean(),
  dropUnsupportedKeywords: fc.boolean(),
  embedAnnotations: fc.boolean(),
  grouping: fc.constantFrom('none' as const, 'namespace' as const),
});

/** A schema compiler that knows no formats but checks the schema itself (well-formed JSON Schema). */
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });

// Hundreds of generated registries: allow for a machine busy with other work.
describe('toOpenaiToolsDetailed properties', { timeout: 120_000 }, () => {
  test('every module is either in exactly one tool or skipped with a reason, never both, never neither', () => {
    fc.assert(
      fc.property(registryArbitrary, optionsArbitrary, ({ registry, moduleIds }, options) => {
        const { tools, skipped, groups } = toOpenaiToolsDetailed(registry, options);
        const exported: string[] = [];
        for (const { function: fn } of tools) {
          const actions = groups?.[fn.name];
          if (actions === undefined) {
            const moduleId = moduleIds.find((id) => normalize(id) === fn.name);
            expect(moduleId, `tool ${fn.name} is no module's`).toBeDefined();
            exported.push(moduleId ?? '');
          } else {
            exported.push(...Object.values(actions));
          }
        }
        const skippedIds = skipped.map((entry) => entry.moduleId);
        expect(new Set(exported).size).toBe(exported.length);
        expect(new Set(skippedIds).size).toBe(skippedIds.length);
        expect(exported.filter((id) => skippedIds.includes(id))).toEqual([]);
        expect([...exported, ...skippedIds].sort()).toEqual([...moduleIds].sort());
        for (const entry of skipped) expect(entry.reason.trim()).not.toBe('');
      }),
      { numRuns: 300 },
    );
  });

  test('every tool it gives is well-formed, and in strict mode passes the strict-mode check', () => {
    fc.assert(
      fc.property(registryArbitrary, optionsArbitrary, ({ registry }, options) => {
        for (const { type, function: fn } of toOpenaiToolsDetailed(registry, options).tools) {
          expect(type).toBe('function');
          expect(fn.parameters.type).toBe('object');
          expect(JSON.parse(JSON.stringify(fn.parameters))).toStrictEqual(fn.parameters);
          expect(JSON.stringify(fn.parameters)).not.toContain('"$ref"');
          expect(() => ajv.compile(fn.parameters)).not.toThrow();
          if (options.strict === true) {
            expect(fn.strict).toBe(true);
            expect(checkStrictSchema(fn.parameters, { name: fn.name })).toEqual([]);
          } else {
            expect(fn.strict).toBeUndefined();
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('the generated schemas reach both outcomes, so the properties above say something', () => {
    const outcomes = fc.sample(registryArbitrary, 100).map(({ registry }) => {
      const { tools, skipped } = toOpenaiToolsDetailed(registry, { strict: true });
      return { tools: tools.length, skipped: skipped.length };
    });
    expect(outcomes.filter(({ tools }) => tools > 0).length).toBeGreaterThan(10);
    expect(outcomes.filter(({ skipped }) => skipped > 0).length).toBeGreaterThan(10);
  });
});
