import fc from 'fast-check';

type Schema = Record<string, unknown> | boolean;

const LEAVES: readonly Schema[] = [
  true,
  false,
  {},
  { type: 'string' },
  { type: 'string', minLength: 2, description: 'text' },
  { type: 'integer', minimum: 0 },
  { type: 'number', maximum: 10 },
  { type: 'boolean' },
  { type: 'null' },
  { type: ['string', 'null'] },
  { enum: [1, 'a', null] },
  { const: { nested: [1, 2] } },
  { type: 'string', format: 'date-time', default: '2020-01-01T00:00:00Z', 'x-order': 1 },
];

const PROPERTY_NAMES = ['a', 'b', 'c'];

/**
 * JSON Schemas whose `$ref`s point only at `targets` (definition names under `$defs`), written
 * in the spellings the inliner accepts; subschemas in every applicator position.
 */
export function schemaArbitrary(targets: readonly string[]): fc.Arbitrary<Schema> {
  const reference = fc
    .tuple(fc.constantFrom(...(targets.length > 0 ? targets : ['unused'])), fc.boolean())
    .map(([name, encoded]) => (encoded ? `#/%24defs/${name}` : `#/$defs/${name}`));
  return fc.letrec<{ schema: Schema }>((tie) => {
    const child = tie('schema');
    const composite: fc.Arbitrary<Schema>[] = [
      fc
        .record(
          {
            properties: fc.dictionary(fc.constantFrom(...PROPERTY_NAMES), child, {
              maxKeys: 3,
              noNullPrototype: true,
            }),
            required: fc.subarray(PROPERTY_NAMES),
            additionalProperties: child,
          },
          { requiredKeys: ['properties'] },
        )
        .map((schema) => ({ type: 'object', ...schema })),
      fc
        .record({ items: child }, { requiredKeys: [] })
        .map((schema) => ({ type: 'array', ...schema })),
      fc.array(child, { minLength: 1, maxLength: 2 }).map((prefixItems) => ({ prefixItems })),
      fc.array(child, { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
      fc.array(child, { minLength: 1, maxLength: 2 }).map((allOf) => ({ allOf })),
      fc.array(child, { minLength: 1, maxLength: 2 }).map((oneOf) => ({ oneOf })),
      child.map((not) => ({ not })),
      fc
        .tuple(child, child, child)
        .map(([when, then, otherwise]) => ({ if: when, then, else: otherwise })),
    ];
    if (targets.length > 0) {
      composite.push(
        reference.map(($ref) => ({ $ref })),
        fc
          .record({
            $ref: reference,
            sibling: fc.constantFrom<Record<string, unknown>>(
              { description: 'next to a $ref' },
              { type: 'object' },
              { minimum: 3 },
              { properties: { a: { type: 'string' } } },
              { additionalProperties: false },
              { default: null, title: 'Titled' },
            ),
          })
          .map(({ $ref, sibling }) => ({ $ref, ...sibling })),
      );
    }
    return {
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(...LEAVES),
        ...composite,
      ),
    };
  }).schema;
}

/**
 * A root schema with an acyclic `$defs` graph: definition `Dn` may refer only to `Dm` with
 * m > n, and the root to any of them.
 */
export const acyclicSchemaArbitrary: fc.Arbitrary<Record<string, unknown>> = fc
  .integer({ min: 0, max: 4 })
  .chain((count) => {
    const names = Array.from({ length: count }, (_, index) => `D${index}`);
    return fc
      .record({
        root: schemaArbitrary(names),
        definitions: fc.tuple(...names.map((_, index) => schemaArbitrary(names.slice(index + 1)))),
      })
      .map(({ root, definitions }) => ({
        type: 'object',
        properties: { value: root },
        $defs: Object.fromEntries(names.map((name, index) => [name, definitions[index]])),
      }));
  });

/** Object.prototype's member names: `toString`, `valueOf`, ... */
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Whether ajv, the oracle these tests compare against, can judge `value`: its `const`/`enum`
 * equality (fast-deep-equal) calls `value.toString()` and throws on an object whose own key
 * shadows it, such as `{ "toString": 0 }`.
 */
function isJudgeable(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.entries(value).every(
    ([key, child]) => !PROTOTYPE_KEYS.has(key) && isJudgeable(child),
  );
}

/** Instances to validate against generated schemas: mostly `{ value: ... }`, some anything. */
export const instanceArbitrary: fc.Arbitrary<unknown> = fc
  .oneof(
    fc.record({ value: fc.jsonValue({ maxDepth: 3 }) }),
    fc.record({
      value: fc.dictionary(fc.constantFrom(...PROPERTY_NAMES, 'd'), fc.jsonValue({ maxDepth: 2 }), {
        maxKeys: 4,
        noNullPrototype: true,
      }),
    }),
    fc.jsonValue({ maxDepth: 2 }),
  )
  .filter(isJudgeable);
