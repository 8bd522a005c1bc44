import { copyJson, type JsonSchema, setOwnEntry } from '@apcore-mcp/core';
import { formatPointer, parseRef, resolvePointer } from './json-pointer.js';
import { mergeRefSiblings } from './merge-ref-siblings.js';
import { SchemaConversionError, type SchemaConversionReason } from './schema-conversion-error.js';
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

type RefLink =
  | { readonly parent: RefLink; readonly pointer: string; readonly ref: string }
  | undefined;
type SchemaObject = Record<string, unknown>;

/**
 * One run of {@link inlineRefs}: the limits, and where the walk stands. The position is changed
 * on the way down and restored on the way back up, so walking a node allocates nothing but its
 * copy; an error reads it where it is, because an error ends the walk.
 */
interface Walk {
  readonly root: SchemaObject;
  readonly maxDepth: number;
  readonly maxNodes: number;
  nodeCount: number;
  /**
   * The keys from the document root to the current node, or, inside a `$ref` target, from the
   * root to the target: the path errors report.
   */
  path: (string | number)[];
  /** The `$ref` jumps that led here, innermost first. */
  chain: RefLink;
  /** How many `$ref` jumps led here. */
  depth: number;
  /** How deeply the call stack has gone, counting every step down and every jump. */
  nesting: number;
  /** Inside a copy of a `$ref` target, where identifiers would be duplicated. */
  inCopy: boolean;
  /** Below a nested `$id`, where `#/...` would mean that resource, not the document. */
  inEmbeddedResource: boolean;
  /**
   * The objects on the current path since the last `$ref` jump: meeting one again means the
   * object graph itself is cyclic (a `$ref` jump legitimately revisits objects; the `$ref` chain
   * catches those cycles). A stack rather than a set: paths are short, and a scan of a few
   * entries is cheaper than hashing every node.
   */
  ancestors: object[];
}

/** A parsed local `$ref`: its pointer segments and the normalized pointer. */
interface RefTarget {
  readonly segments: readonly string[];
  readonly pointer: string;
}

/**
 * Local `$ref` values already parsed. Registries repeat the same few (`#/$defs/Address`) in
 * module after module, and parsing is a good part of inlining one; parsing depends on the text
 * alone, so the results are shared (read-only). Bounded: cleared when full.
 */
const parsedRefs = new Map<string, RefTarget>();
const MAX_PARSED_REFS = 1024;

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

/** Copies the data under `key` into `result`, leaving the key out where JSON would. */
function setData(walk: Walk, result: SchemaObject, key: string, value: unknown): void {
  const kind = typeof value;
  if (kind === 'undefined' || kind === 'function' || kind === 'symbol') return;
  setOwnEntry(result, key, copyData(walk, value, key));
}

/**
 * The JSON copy of data where the walk stands. A tool schema reaches its clients as JSON, so a
 * value JSON cannot write (a cycle, a `BigInt`) is refused here, naming the module, rather than
 * breaking the whole tool list when it is sent.
 */
function copyData(walk: Walk, value: unknown, key?: string): unknown {
  const kind = typeof value;
  // JSON writes these as null where they stand in a list; a lone one has no JSON form at all.
  if (kind === 'undefined' || kind === 'function' || kind === 'symbol') return null;
  try {
    return copyJson(value);
  } catch (error) {
    // copyJson refuses exactly what JSON.stringify refuses, with its TypeError.
    if (!(error instanceof TypeError)) throw error;
    // The walk only steps onto data to report it.
    if (key !== undefined) enter(walk, key);
    return fail(walk, 'invalid-schema', `Invalid schema: a value cannot be written as JSON`, {
      cause: error,
    });
  }
}

/** One step down, to the value under `key`. */
function enter(walk: Walk, key: string | number): void {
  walk.path.push(key);
  walk.nesting += 1;
}

/** Back up from the last {@link enter}. */
function leave(walk: Walk): void {
  walk.path.pop();
  walk.nesting -= 1;
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

function readRefText(walk: Walk, ref: unknown): string {
  if (typeof ref !== 'string') {
    fail(walk, 'invalid-reference', `Invalid $ref: expected a string, got ${describeValue(ref)}`);
  }
  return ref;
}

/** The parsed form of a `$ref` this package can inline; fails on any other `$ref`. */
function readLocalRef(walk: Walk, ref: string): RefTarget {
  if (walk.inEmbeddedResource) {
    const message = `Unsupported $ref "${ref}": it stands inside a subschema with its own $id, so it resolves against that $id; only references into the root document can be inlined`;
    fail(walk, 'non-local-reference', message, { ref });
  }
  const known = parsedRefs.get(ref);
  if (known !== undefined) return known;
  const parsed = parseRef(ref);
  if (parsed.kind === 'non-local') {
    const message = `Unsupported $ref "${ref}": only local JSON-pointer references such as "#/$defs/Name" can be inlined; other documents, URLs, $id and anchor references are never fetched`;
    fail(walk, 'non-local-reference', message, { ref });
  }
  if (parsed.kind === 'invalid') {
    fail(walk, 'invalid-reference', `Invalid $ref "${ref}": ${parsed.problem}`, { ref });
  }
  const target: RefTarget = { segments: parsed.segments, pointer: formatPointer(parsed.segments) };
  if (parsedRefs.size >= MAX_PARSED_REFS) parsedRefs.clear();
  parsedRefs.set(ref, target);
  return target;
}

/** The `$ref` values from the first visit of `pointer` back to it, or undefined. */
function findCycle(chain: RefLink, pointer: string, ref: string): string[] | undefined {
  let first = chain;
  while (first !== undefined && first.pointer !== pointer) first = first.parent;
  if (first === undefined) return undefined;
  const refs: string[] = [ref];
  for (let link = chain; link !== undefined; link = link.parent) {
    refs.unshift(link.ref);
    if (link === first) break;
  }
  return refs;
}

function fail(
  walk: Walk,
  reason: SchemaConversionReason,
  message: string,
  extra: { ref?: string; cycle?: string[]; cause?: unknown } = {},
): never {
  const path = formatPointer(walk.path.map(String));
  const { cause, ...facts } = extra;
  throw new SchemaConversionError(
    `${message} (at #${path})`,
    { reason, path, ...facts },
    { cause },
  );
}

function readLimit(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}

function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
