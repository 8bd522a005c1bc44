import { deepFreeze } from '@apcore-mcp/test-support';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { acyclicSchemaArbitrary, instanceArbitrary } from './__fixtures__/schema-arbitraries.js';
import { inlineRefs } from './inline-refs.js';

/** Every key anywhere in `value` (the generators put no `$ref`-like keys in data). */
function collectKeys(value: unknown, keys: Set<string> = new Set()): Set<string> {
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      collectKeys(item, keys);
    }
  }
  return keys;
}

// Hundreds of generated cases each: allow for a machine busy with other work.
describe('inlineRefs properties', { timeout: 120_000 }, () => {
  test('never mutates its input', () => {
    fc.assert(
      fc.property(acyclicSchemaArbitrary, (schema) => {
        const before = structuredClone(schema);
        // A frozen input makes any write throw (ESM is strict mode), so no mutation slips by.
        inlineRefs(deepFreeze(schema));
        expect(schema).toStrictEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  test('an acyclic $defs graph always inlines, leaving no $ref, $defs or definitions', () => {
    fc.assert(
      fc.property(acyclicSchemaArbitrary, (schema) => {
        const keys = collectKeys(inlineRefs(schema));
        expect(keys.has('$ref')).toBe(false);
        expect(keys.has('$defs')).toBe(false);
        expect(keys.has('definitions')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('the result is plain JSON', () => {
    fc.assert(
      fc.property(acyclicSchemaArbitrary, (schema) => {
        const result = inlineRefs(schema);
        expect(JSON.parse(JSON.stringify(result))).toStrictEqual(result);
      }),
      { numRuns: 300 },
    );
  });

  test('inlining is idempotent', () => {
    fc.assert(
      fc.property(acyclicSchemaArbitrary, (schema) => {
        const once = inlineRefs(schema);
        expect(inlineRefs(once)).toStrictEqual(once);
      }),
      { numRuns: 200 },
    );
  });

  test('the inlined schema accepts exactly the instances the original accepts', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, logger: false });
    fc.assert(
      fc.property(
        acyclicSchemaArbitrary,
        fc.array(instanceArbitrary, { maxLength: 8 }),
        (schema, instances) => {
          const original = ajv.compile(schema);
          const inlined = ajv.compile(inlineRefs(schema));
          for (const instance of instances) {
            expect(inlined(instance)).toBe(original(instance));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
