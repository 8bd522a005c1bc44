import { setOwnEntry } from '@apcore-mcp/core/bridge';
import { isJsonEqual } from './plain-object.js';
import {
  ADJACENT_KEYWORD_GROUPS,
  ASSERTION_KEYWORDS,
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from './schema-keywords.js';

type SchemaObject = Record<string, unknown>;

const UNEVALUATED_KEYWORDS: ReadonlySet<string> = new Set([
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/**
 * Combines an inlined `$ref` target with the keywords written next to the `$ref`.
 *
 * In JSON Schema 2020-12 a `$ref` is one keyword among its siblings: the schema means "the
 * target AND the siblings". Flattening both into one object keeps that meaning as long as they
 * do not both constrain the same thing, which is the usual case (`description`, `default`,
 * `title` next to a `$ref`). So:
 * - keywords only one side has are merged into one object;
 * - annotations (`title`, `description`, `default`, `examples`, `x-*`, ...) on both sides: the
 *   sibling wins, being the more specific statement;
 * - assertions on both sides with different values, or keywords that read each other
 *   (`properties`/`additionalProperties`, `if`/`then`/`else`, `unevaluated*`) split across
 *   both sides: the result is `{ ...siblingAnnotations, allOf: [target, siblingAssertions] }`,
 *   which validates exactly like the original.
 */
export function mergeRefSiblings(target: unknown, siblings: SchemaObject): unknown {
  const base = toSchemaObject(target);
  const changed = Object.keys(siblings).filter(
    (key) => !Object.hasOwn(base, key) || !isJsonEqual(base[key], siblings[key]),
  );
  if (changed.length === 0) return target;
  if (target === true) return siblings;
  if (!conflicts(base, changed)) {
    const merged: SchemaObject = { ...base };
    for (const key of changed) setOwnEntry(merged, key, siblings[key]);
    return merged;
  }
  const annotations: SchemaObject = {};
  const assertions: SchemaObject = {};
  for (const key of Object.keys(siblings)) {
    setOwnEntry(ASSERTION_KEYWORDS.has(key) ? assertions : annotations, key, siblings[key]);
  }
  return { ...annotations, allOf: [target, assertions] };
}

function toSchemaObject(schema: unknown): SchemaObject {
  if (schema === false) return { not: {} };
  if (typeof schema === 'object' && schema !== null && !Array.isArray(schema)) {
    return schema as SchemaObject;
  }
  return {};
}

function conflicts(base: SchemaObject, changed: readonly string[]): boolean {
  if (changed.some((key) => Object.hasOwn(base, key) && ASSERTION_KEYWORDS.has(key))) return true;
  const baseKeys = Object.keys(base);
  for (const group of ADJACENT_KEYWORD_GROUPS) {
    if (changed.some((key) => group.has(key)) && baseKeys.some((key) => group.has(key))) {
      return true;
    }
  }
  return (
    (baseKeys.some(isUnevaluated) && changed.some(isApplicator)) ||
    (changed.some(isUnevaluated) && baseKeys.some(isApplicator))
  );
}

function isUnevaluated(key: string): boolean {
  return UNEVALUATED_KEYWORDS.has(key);
}

function isApplicator(key: string): boolean {
  return (
    SINGLE_SCHEMA_KEYWORDS.has(key) ||
    SCHEMA_ARRAY_KEYWORDS.has(key) ||
    SCHEMA_MAP_KEYWORDS.has(key)
  );
}
