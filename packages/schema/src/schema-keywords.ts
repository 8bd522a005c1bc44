/**
 * Where subschemas stand in a JSON Schema (2020-12, plus the draft-07 spellings still common in
 * the wild). Everything not listed here is data — `const`, `default`, `enum`, `examples`, `x-*` —
 * and is copied verbatim, never searched for `$ref`.
 */

/** Keywords whose value is one subschema. */
export const SINGLE_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/** Keywords whose value is an array of subschemas (`items` too, in its draft-07 tuple form). */
export const SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set([
  'allOf',
  'anyOf',
  'items',
  'oneOf',
  'prefixItems',
]);

/**
 * Keywords whose value maps names to subschemas. Under draft-07 `dependencies` a value may also
 * be an array of property names; those are copied as data.
 */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
]);

/** Definition containers: only reachable through `$ref`, so dropped once every `$ref` is inlined. */
export const DEFINITION_KEYWORDS: ReadonlySet<string> = new Set(['$defs', 'definitions']);

/**
 * Identifiers that would be duplicated when a definition is copied into several places (which
 * makes validators such as ajv reject the schema); an inlined copy no longer needs them.
 */
export const IDENTIFIER_KEYWORDS: ReadonlySet<string> = new Set([
  '$anchor',
  '$dynamicAnchor',
  '$id',
]);

/** References this package cannot resolve statically. */
export const DYNAMIC_REFERENCE_KEYWORDS: ReadonlySet<string> = new Set([
  '$dynamicRef',
  '$recursiveRef',
]);

/**
 * Keywords that constrain what validates (applicators and assertions). When a `$ref` and its
 * siblings both carry one with different values, the two cannot be flattened into one object
 * without changing the meaning, so they are kept apart under `allOf`.
 */
export const ASSERTION_KEYWORDS: ReadonlySet<string> = new Set([
  ...SINGLE_SCHEMA_KEYWORDS,
  ...SCHEMA_ARRAY_KEYWORDS,
  ...SCHEMA_MAP_KEYWORDS,
  'const',
  'dependentRequired',
  'enum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'format',
  'maxContains',
  'maximum',
  'maxItems',
  'maxLength',
  'maxProperties',
  'minContains',
  'minimum',
  'minItems',
  'minLength',
  'minProperties',
  'multipleOf',
  'pattern',
  'required',
  'type',
  'uniqueItems',
]);

/**
 * Keywords that read each other within one schema object: `additionalProperties` depends on
 * the adjacent `properties`, `else` on `if`, `items` on `prefixItems`, and the `unevaluated*`
 * keywords on every applicator next to them. Merging two objects that both touch one group
 * would change which keywords see which.
 */
export const ADJACENT_KEYWORD_GROUPS: readonly ReadonlySet<string>[] = [
  new Set(['additionalProperties', 'patternProperties', 'properties', 'unevaluatedProperties']),
  new Set([
    'additionalItems',
    'contains',
    'items',
    'maxContains',
    'minContains',
    'prefixItems',
    'unevaluatedItems',
  ]),
  new Set(['else', 'if', 'then']),
];
