import type { JsonSchema } from '@apcore-mcp/core';
import { setOwnEntry } from '@apcore-mcp/core/bridge';
import { copyData, setData } from './copy-data.js';
import {
  describeValue,
  enter,
  fail,
  isSchemaObject,
  leave,
  type RefLink,
  type SchemaObject,
  type Walk,
} from './inline-refs-walk.js';
import { resolvePointer } from './json-pointer.js';
import { mergeRefSiblings } from './merge-ref-siblings.js';
import { findCycle, readLocalRef, readRefText } from './read-local-ref.js';
import { SchemaConversionError } from './schema-conversion-error.js';
import {
  DEFINITION_KEYWORDS,
  DYNAMIC_REFERENCE_KEYWORDS,
  IDENTIFIER_KEYWORDS,
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from './schema-keywords.js';

/** How many nested `$ref` resolutions {@link inlineRefs} follows by default. */
export const DEFAULT_MAX_REF_DEPTH = 32;

/** How many schema nodes {@link inlineRefs} may produce by default. */
export const DEFAULT_MAX_SCHEMA_NODES = 100_000;

/** Schemas nested deeper than this are refused rather than risking the call stack. */
const MAX_NESTING = 1_000;

/** Options of {@link inlineRefs}. */
export interface InlineRefsOptions {
  /** Most nested `$ref` resolutions followed (A -> B -> C is 3). Default 32. */
  maxDepth?: number;
  /**
   * Most schema nodes the result may hold. Each use of a definition is its own copy, so a
   * definition used twice by a definition used twice... grows exponentially; this bounds it.
   * Default 100,000.
   */
  maxNodes?: number;
}

/**
 * Returns a self-contained copy of `schema`: every local `$ref` replaced by a copy of its target,
 * `$defs` and `definitions` removed. The input is never mutated.
 *
 * - Local references only: `#/$defs/X`, `#/definitions/X`, deeper pointers such as
 *   `#/$defs/A/properties/b`, with `~0`/`~1` escapes and percent-encoding. Other documents,
 *   URLs, `$id`-based and anchor references raise an error; nothing is ever fetched.
 * - A `$ref` is inlined wherever a subschema stands: `properties`, `items`, `prefixItems`,
 *   `additionalProperties`, `patternProperties`, `allOf`/`anyOf`/`oneOf`, `not`,
 *   `if`/`then`/`else`, `dependentSchemas`, inside other definitions, and at the root. Data
 *   keywords (`const`, `default`, `enum`, `examples`, `x-*`) are copied verbatim.
 * - Each use gets its own copy. Keywords next to a `$ref` are kept: see the merge rule in the
 *   README (annotations next to the `$ref` win; conflicting assertions become `allOf`).
 * - Errors ({@link SchemaConversionError}): a cycle (`Circular reference: #/$defs/A ->
 *   #/$defs/B -> #/$defs/A`, also `"$ref": "#"`), a missing target, more than `maxDepth`
 *   nested references, a result larger than `maxNodes`.
 *
 * @example
 * ```ts
 * inlineRefs({
 *   type: 'object',
 *   properties: { size: { $ref: '#/$defs/Size' } },
 *   $defs: { Size: { type: 'integer', minimum: 1 } },
 * });
 * // { type: 'object', properties: { size: { type: 'integer', minimum: 1 } } }
 * ```
 */
export function inlineRefs(schema: JsonSchema, options: InlineRefsOptions = {}): JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SchemaConversionError(
      `Invalid schema: expected a JSON Schema object, got ${describeValue(schema)}`,
      { reason: 'invalid-schema', path: '' },
    );
  }
  const walk: Walk = {
    root: schema,
    maxDepth: readLimit(options.maxDepth, DEFAULT_MAX_REF_DEPTH, 'maxDepth'),
    maxNodes: readLimit(options.maxNodes, DEFAULT_MAX_SCHEMA_NODES, 'maxNodes'),
    nodeCount: 0,
    path: [],
    chain: undefined,
    depth: 0,
    nesting: 0,
    inCopy: false,
    inEmbeddedResource: false,
    ancestors: [],
  };
  const result = walkSchema(walk, schema);
  if (result === true) return {};
  if (result === false) return { not: {} };
  return result as JsonSchema;
}

function walkSchema(walk: Walk, node: unknown): unknown {
  walk.nodeCount += 1;
  if (walk.nodeCount > walk.maxNodes) {
    fail(walk, 'too-large', `Schema too large: more than ${walk.maxNodes} schema nodes`);
  }
  if (walk.nesting > MAX_NESTING) {
    fail(walk, 'invalid-schema', `Invalid schema: nested more than ${MAX_NESTING} levels deep`);
  }
  if (!isSchemaObject(node)) return copyData(walk, node);
  if (walk.ancestors.includes(node)) {
    fail(
      walk,
      'invalid-schema',
      'Invalid schema: the schema object contains itself (a schema must be a tree; use $ref for recursion)',
    );
  }
  const outerEmbedded = walk.inEmbeddedResource;
  // One pass over the keys finds `$ref` and `$id`: reading absent properties of every node
  // by name costs more than comparing the few keys it has.
  const keys = Object.keys(node);
  let hasRef = false;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index];
    if (key === '$ref') hasRef = true;
    else if (key === '$id' && walk.path.length > 0 && typeof node.$id === 'string') {
      walk.inEmbeddedResource = true;
    }
  }
  walk.ancestors.push(node);
  let result: unknown;
  if (!hasRef) {
    result = walkKeywords(walk, node, keys);
  } else {
    const target = resolveRef(walk, node.$ref);
    // A bare `{ "$ref": ... }`, the usual case, has no siblings to merge.
    result = keys.length === 1 ? target : mergeRefSiblings(target, walkKeywords(walk, node, keys));
  }
  walk.ancestors.pop();
  walk.inEmbeddedResource = outerEmbedded;
  return result;
}

/** What {@link walkKeywords} does with a keyword; a keyword absent from the table is data. */
type KeywordKind =
  | 'reference'
  | 'definitions'
  | 'identifier'
  | 'dynamic-reference'
  | 'schema'
  | 'schema-array'
  /** `items`: one subschema, or in its draft-07 tuple form an array of them. */
  | 'schema-or-array'
  | 'schema-map';

/**
 * The kind of every keyword {@link walkKeywords} treats other than by copying its value: one
 * lookup per keyword tells data (`type`, `description`, `enum`, ...), most of any schema, from
 * the rest and says which of the rest it is.
 */
const KEYWORD_KINDS: ReadonlyMap<string, KeywordKind> = new Map([
  ['$ref', 'reference'],
  ...kindOf(DEFINITION_KEYWORDS, 'definitions'),
  ...kindOf(IDENTIFIER_KEYWORDS, 'identifier'),
  ...kindOf(DYNAMIC_REFERENCE_KEYWORDS, 'dynamic-reference'),
  ...kindOf(SINGLE_SCHEMA_KEYWORDS, 'schema'),
  ...kindOf(SCHEMA_ARRAY_KEYWORDS, 'schema-array'),
  ...kindOf(SCHEMA_MAP_KEYWORDS, 'schema-map'),
  ...kindOf(
    [...SINGLE_SCHEMA_KEYWORDS].filter((key) => SCHEMA_ARRAY_KEYWORDS.has(key)),
    'schema-or-array',
  ),
]);

function kindOf(keys: Iterable<string>, kind: KeywordKind): [string, KeywordKind][] {
  return Array.from(keys, (key) => [key, kind]);
}

/** Copies every keyword but `$ref`, walking the ones that hold subschemas. */
function walkKeywords(walk: Walk, node: SchemaObject, keys: readonly string[]): SchemaObject {
  const result: SchemaObject = {};
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    const value = node[key];
    const kind = KEYWORD_KINDS.get(key);
    if (kind === undefined) {
      // Data: copied as JSON writes it, never searched for `$ref`.
      setData(walk, result, key, value);
      continue;
    }
    if (kind === 'reference' || kind === 'definitions') continue;
    if (kind === 'identifier') {
      if (!walk.inCopy) setData(walk, result, key, value);
      continue;
    }
    enter(walk, key);
    if (kind === 'dynamic-reference') {
      fail(walk, 'non-local-reference', `Unsupported ${key}: dynamic references cannot be inlined`);
    }
    setOwnEntry(result, key, walkKeyword(walk, kind, value));
    leave(walk);
  }
  return result;
}

/** Walks the value of a keyword of this kind, the walk standing at that keyword. */
function walkKeyword(walk: Walk, kind: KeywordKind, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (kind !== 'schema-array' && kind !== 'schema-or-array') {
      return copyData(walk, value);
    }
    const result = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      enter(walk, index);
      result[index] = walkSchema(walk, value[index]);
      leave(walk);
    }
    return result;
  }
  if (typeof value !== 'object' && typeof value !== 'boolean') return copyData(walk, value);
  if (kind === 'schema' || kind === 'schema-or-array') {
    return walkSchema(walk, value);
  }
  if (kind === 'schema-map' && typeof value === 'object' && value !== null) {
    const result: SchemaObject = {};
    for (const name of Object.keys(value)) {
      const entry: unknown = (value as SchemaObject)[name];
      // draft-07 `dependencies` also maps names to arrays of property names: data, not schemas.
      if (Array.isArray(entry)) {
        setOwnEntry(result, name, copyData(walk, entry));
        continue;
      }
      enter(walk, name);
      setOwnEntry(result, name, walkSchema(walk, entry));
      leave(walk);
    }
    return result;
  }
  return copyData(walk, value);
}

/** Resolves one `$ref` and returns its target with every nested `$ref` inlined. */
function resolveRef(walk: Walk, ref: unknown): unknown {
  walk.path.push('$ref');
  const written = readRefText(walk, ref);
  const { segments, pointer } = readLocalRef(walk, written);
  const cycle = findCycle(walk.chain, pointer, written);
  if (cycle !== undefined) {
    const message = `Circular reference: ${cycle.join(' -> ')}`;
    fail(walk, 'circular-reference', message, { ref: written, cycle });
  }
  if (walk.depth >= walk.maxDepth) {
    const message = `Maximum $ref depth exceeded: resolving "${written}" would nest more than ${walk.maxDepth} references`;
    fail(walk, 'max-depth-exceeded', message, { ref: written });
  }
  const target = resolvePointer(walk.root, segments);
  if (target === undefined) {
    fail(walk, 'missing-reference', `Reference target not found: ${written}`, { ref: written });
  }
  if (typeof target !== 'boolean' && !isSchemaObject(target)) {
    const message = `Invalid $ref "${written}": it points at ${describeValue(target)}, not a schema`;
    fail(walk, 'invalid-reference', message, { ref: written });
  }
  walk.path.pop();
  return walkTarget(walk, target, segments, { parent: walk.chain, pointer, ref: written });
}

/** Walks a `$ref` target as if it stood where it is written, then returns to the `$ref`. */
function walkTarget(
  walk: Walk,
  target: unknown,
  segments: readonly string[],
  chain: NonNullable<RefLink>,
): unknown {
  const { path, depth, nesting, inCopy, inEmbeddedResource, ancestors } = walk;
  walk.path = [...segments];
  walk.chain = chain;
  walk.depth = depth + 1;
  walk.nesting = nesting + 1;
  walk.inCopy = true;
  walk.inEmbeddedResource = false;
  walk.ancestors = [];
  const result = walkSchema(walk, target);
  walk.path = path;
  walk.chain = chain.parent;
  walk.depth = depth;
  walk.nesting = nesting;
  walk.inCopy = inCopy;
  walk.inEmbeddedResource = inEmbeddedResource;
  walk.ancestors = ancestors;
  return result;
}

function readLimit(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}
