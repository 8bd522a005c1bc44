import fc from 'fast-check';

type Schema = Record<string, unknown>;

const FIELD_NAMES = ['id', 'name', 'note', 'when', 'tags', 'size'];

/** Leaves in the spellings module authors write, strict-fit or not. */
const leafArbitrary: fc.Arbitrary<Schema> = fc.oneof(
  fc
    .record(
      {
        minLength: fc.nat(5),
        maxLength: fc.integer({ min: 5, max: 50 }),
        pattern: fc.constant('^[a-z]+$'),
        format: fc.constantFrom('date-time', 'email', 'uuid', 'uri', 'binary', 'date'),
        description: fc.constant('A text'),
        default: fc.constant('x'),
      },
      { requiredKeys: [] },
    )
    .map((keywords) => ({ type: 'string', ...keywords })),
  fc.record(
    {
      type: fc.constantFrom('integer', 'number'),
      minimum: fc.integer({ min: -5, max: 0 }),
      maximum: fc.integer({ min: 1, max: 100 }),
      multipleOf: fc.constant(1),
    },
    { requiredKeys: ['type'] },
  ),
  fc.constantFrom<Schema>(
    { type: 'boolean' },
    { type: 'null' },
    { type: ['string', 'null'] },
    { type: ['integer', 'string'] },
    { enum: ['a', 'b', 'c'] },
    { enum: [1, 'a', null] },
    { const: 'fixed' },
    { type: 'string', enum: ['x', 'y'] },
    {},
    { description: 'anything' },
    { type: 'object' },
  ),
);

/** Subschemas of every kind a strict export must rewrite, refuse or keep. */
function schemaArbitrary(definitions: readonly string[]): fc.Arbitrary<Schema> {
  return fc.letrec<{ schema: Schema }>((tie) => {
    const child = tie('schema');
    const composites: fc.Arbitrary<Schema>[] = [
      objectArbitrary(child),
      fc
        .record(
          {
            items: child,
            minItems: fc.nat(2),
            maxItems: fc.constant(9),
            uniqueItems: fc.boolean(),
          },
          { requiredKeys: ['items'] },
        )
        .map((keywords) => ({ type: 'array', ...keywords })),
      fc.array(child, { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
      fc.array(child, { minLength: 1, maxLength: 2 }).map((oneOf) => ({ oneOf })),
      fc.array(objectArbitrary(child), { minLength: 1, maxLength: 2 }).map((allOf) => ({ allOf })),
      child.map((not) => ({ type: 'string', not })),
      fc.constant({ type: 'object', patternProperties: { '^x-': { type: 'string' } } }),
    ];
    if (definitions.length > 0) {
      composites.push(
        fc.constantFrom(...definitions).map((name) => ({ $ref: `#/$defs/${name}` })),
        fc
          .constantFrom(...definitions)
          .map((name) => ({ $ref: `#/$defs/${name}`, description: 'Referenced' })),
      );
    }
    return {
      schema: fc.oneof({ depthSize: 'small', maxDepth: 4 }, leafArbitrary, ...composites),
    };
  }).schema;
}

function objectArbitrary(child: fc.Arbitrary<Schema>): fc.Arbitrary<Schema> {
  return fc
    .record(
      {
        properties: fc.dictionary(fc.constantFrom(...FIELD_NAMES), child, {
          maxKeys: 4,
          noNullPrototype: true,
        }),
        required: fc.subarray(FIELD_NAMES, { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), fc.constant({ type: 'string' })),
      },
      { requiredKeys: ['properties'] },
    )
    .map((keywords) => ({ type: 'object', ...keywords }));
}

/** Objects nested `depth` deep: past OpenAI's 10 levels when `depth` > 10. */
const deepObjectArbitrary: fc.Arbitrary<Schema> = fc.integer({ min: 8, max: 12 }).map((depth) => {
  let schema: Schema = { type: 'string' };
  for (let level = 0; level < depth; level += 1) {
    schema = { type: 'object', properties: { inner: schema }, required: ['inner'] };
  }
  return schema;
});

/**
 * A module's input schema as authors write them: an object root (sometimes none, sometimes
 * empty), fields of every kind, `$defs` reached through `$ref` (acyclic), sometimes a chain of
 * objects deeper than strict mode allows.
 */
export const inputSchemaArbitrary: fc.Arbitrary<Schema> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        root: objectArbitrary(schemaArbitrary(['Item', 'Owner'])),
        item: schemaArbitrary(['Owner']),
        owner: schemaArbitrary([]),
      })
      .map(({ root, item, owner }) => ({ ...root, $defs: { Item: item, Owner: owner } })),
  },
  { weight: 1, arbitrary: deepObjectArbitrary },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Schema>({}, { type: 'object' }, { type: 'object', properties: {} }),
  },
);

/** Module ids in two namespaces (some alone in theirs), so that grouping folds some of them. */
export const moduleIdsArbitrary: fc.Arbitrary<string[]> = fc.uniqueArray(
  fc
    .tuple(
      fc.constantFrom('notes', 'files', 'solo'),
      fc.constantFrom('add', 'list', 'remove', 'find'),
    )
    .map(([namespace, action]) => `${namespace}.${action}`),
  { minLength: 1, maxLength: 6 },
);
