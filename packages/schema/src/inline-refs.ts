import type { JsonSchema } from '@apcore-mcp/core';
import { cloneSchema } from './clone-schema.js';
import {
  formatPointer,
  type Location,
  locationOf,
  parseRef,
  pointerOf,
  resolvePointer,
} from './json-pointer.js';
import { mergeRefSiblings } from './merge-ref-siblings.js';
import { defineEntry } from './plain-object.js';
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

interface Walk {
  readonly root: SchemaObject;
  readonly maxDepth: number;
  readonly maxNodes: number;
  nodeCount: number;
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

interface Frame {
  readonly location: Location;
  readonly chain: RefLink;
  readonly depth: number;
  readonly nesting: number;
  /** Inside a copy of a `$ref` target, where identifiers would be duplicated. */
  readonly inCopy: boolean;
  /** Below a nested `$id`, where `#/...` would mean that resource, not the document. */
  readonly inEmbeddedResource: boolean;
  /**
   * The objects on the current path since the last `$ref` jump: meeting one again means the
   * object graph itself is cyclic (a `$ref` jump legitimately revisits objects; the `$ref` chain
   * catches those cycles). A stack rather than a set: paths are short, and a scan of a few
   * entries is cheaper than hashing every node.
   */
  readonly ancestors: object[];
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
  };
  const rootFrame: Frame = {
    location: undefined,
    chain: undefined,
    depth: 0,
    nesting: 0,
    inCopy: false,
    inEmbeddedResource: false,
    ancestors: [],
  };
  const result = walkSchema(walk, schema, rootFrame);
  if (result === true) return {};
  if (result === false) return { not: {} };
  return result as JsonSchema;
}

function walkSchema(walk: Walk, node: unknown, frame: Frame): unknown {
  walk.nodeCount += 1;
  if (walk.nodeCount > walk.maxNodes) {
    fail(frame, 'too-large', `Schema too large: more than ${walk.maxNodes} schema nodes`);
  }
  if (frame.nesting > MAX_NESTING) {
    fail(frame, 'invalid-schema', `Invalid schema: nested more than ${MAX_NESTING} levels deep`);
  }
  if (!isSchemaObject(node)) return cloneSchema(node);
  if (frame.ancestors.includes(node)) {
    fail(
      frame,
      'invalid-schema',
      'Invalid schema: the schema object contains itself (a schema must be a tree; use $ref for recursion)',
    );
  }
  const embedded =
    frame.inEmbeddedResource || (frame.location !== undefined && typeof node.$id === 'string');
  // A new frame only where a nested $id starts one: copying the frame for every node would cost
  // more than the rest of the walk.
  const inner: Frame =
    embedded === frame.inEmbeddedResource ? frame : { ...frame, inEmbeddedResource: true };
  frame.ancestors.push(node);
  try {
    if (!Object.hasOwn(node, '$ref')) return walkKeywords(walk, node, inner);
    const target = resolveRef(walk, node.$ref, inner);
    return mergeRefSiblings(target, walkKeywords(walk, node, inner));
  } finally {
    frame.ancestors.pop();
  }
}

/**
 * Every keyword {@link walkKeywords} treats other than by copying its value: one lookup tells a
 * plain keyword (`type`, `description`, `enum`, ...), most of any schema, from the rest.
 */
const WALKED_KEYWORDS: ReadonlySet<string> = new Set([
  '$ref',
  ...DEFINITION_KEYWORDS,
  ...IDENTIFIER_KEYWORDS,
  ...DYNAMIC_REFERENCE_KEYWORDS,
  ...SINGLE_SCHEMA_KEYWORDS,
  ...SCHEMA_ARRAY_KEYWORDS,
  ...SCHEMA_MAP_KEYWORDS,
]);

/** Copies every keyword but `$ref`, walking the ones that hold subschemas. */
function walkKeywords(walk: Walk, node: SchemaObject, frame: Frame): SchemaObject {
  const result: SchemaObject = {};
  for (const key of Object.keys(node)) {
    if (!WALKED_KEYWORDS.has(key)) {
      // Data: copied as it is, with no frame of its own (frames are only for walked subschemas).
      defineEntry(result, key, cloneSchema(node[key]));
      continue;
    }
    if (key === '$ref' || DEFINITION_KEYWORDS.has(key)) continue;
    if (frame.inCopy && IDENTIFIER_KEYWORDS.has(key)) continue;
    if (DYNAMIC_REFERENCE_KEYWORDS.has(key)) {
      fail(
        childFrame(frame, key),
        'non-local-reference',
        `Unsupported ${key}: dynamic references cannot be inlined`,
      );
    }
    defineEntry(result, key, walkKeyword(walk, key, node[key], childFrame(frame, key)));
  }
  return result;
}

function walkKeyword(walk: Walk, key: string, value: unknown, frame: Frame): unknown {
  if (Array.isArray(value)) {
    if (!SCHEMA_ARRAY_KEYWORDS.has(key)) return cloneSchema(value);
    return value.map((item, index) => walkSchema(walk, item, childFrame(frame, String(index))));
  }
  if (typeof value !== 'object' && typeof value !== 'boolean') return cloneSchema(value);
  if (SINGLE_SCHEMA_KEYWORDS.has(key)) return walkSchema(walk, value, frame);
  if (SCHEMA_MAP_KEYWORDS.has(key) && typeof value === 'object' && value !== null) {
    const result: SchemaObject = {};
    for (const [name, entry] of Object.entries(value)) {
      // draft-07 `dependencies` also maps names to arrays of property names: data, not schemas.
      const walked = Array.isArray(entry)
        ? cloneSchema(entry)
        : walkSchema(walk, entry, childFrame(frame, name));
      defineEntry(result, name, walked);
    }
    return result;
  }
  return cloneSchema(value);
}

/** Resolves one `$ref` and returns its target with every nested `$ref` inlined. */
function resolveRef(walk: Walk, ref: unknown, frame: Frame): unknown {
  const refFrame = childFrame(frame, '$ref');
  const { ref: written, segments, pointer } = readLocalRef(ref, refFrame);
  const cycle = findCycle(frame.chain, pointer, written);
  if (cycle !== undefined) {
    const message = `Circular reference: ${cycle.join(' -> ')}`;
    fail(refFrame, 'circular-reference', message, { ref: written, cycle });
  }
  if (frame.depth >= walk.maxDepth) {
    const message = `Maximum $ref depth exceeded: resolving "${written}" would nest more than ${walk.maxDepth} references`;
    fail(refFrame, 'max-depth-exceeded', message, { ref: written });
  }
  const target = resolvePointer(walk.root, segments);
  if (target === undefined) {
    fail(refFrame, 'missing-reference', `Reference target not found: ${written}`, { ref: written });
  }
  if (typeof target !== 'boolean' && !isSchemaObject(target)) {
    const message = `Invalid $ref "${written}": it points at ${describeValue(target)}, not a schema`;
    fail(refFrame, 'invalid-reference', message, { ref: written });
  }
  return walkSchema(walk, target, {
    location: locationOf(segments),
    chain: { parent: frame.chain, pointer, ref: written },
    depth: frame.depth + 1,
    nesting: frame.nesting + 1,
    inCopy: true,
    inEmbeddedResource: false,
    ancestors: [],
  });
}

/** The pointer segments of a `$ref` this package can inline; fails on any other `$ref`. */
function readLocalRef(
  ref: unknown,
  frame: Frame,
): { ref: string; segments: readonly string[]; pointer: string } {
  if (typeof ref !== 'string') {
    const message = `Invalid $ref: expected a string, got ${describeValue(ref)}`;
    fail(frame, 'invalid-reference', message);
  }
  if (frame.inEmbeddedResource) {
    const message = `Unsupported $ref "${ref}": it stands inside a subschema with its own $id, so it resolves against that $id; only references into the root document can be inlined`;
    fail(frame, 'non-local-reference', message, { ref });
  }
  const known = parsedRefs.get(ref);
  if (known !== undefined) return { ref, segments: known.segments, pointer: known.pointer };
  const parsed = parseRef(ref);
  if (parsed.kind === 'non-local') {
    const message = `Unsupported $ref "${ref}": only local JSON-pointer references such as "#/$defs/Name" can be inlined; other documents, URLs, $id and anchor references are never fetched`;
    fail(frame, 'non-local-reference', message, { ref });
  }
  if (parsed.kind === 'invalid') {
    fail(frame, 'invalid-reference', `Invalid $ref "${ref}": ${parsed.problem}`, { ref });
  }
  const target: RefTarget = { segments: parsed.segments, pointer: formatPointer(parsed.segments) };
  if (parsedRefs.size >= MAX_PARSED_REFS) parsedRefs.clear();
  parsedRefs.set(ref, target);
  return { ref, segments: target.segments, pointer: target.pointer };
}

/** The `$ref` values from the first visit of `pointer` back to it, or undefined. */
function findCycle(chain: RefLink, pointer: string, ref: string): string[] | undefined {
  const refs: string[] = [ref];
  for (let link = chain; link !== undefined; link = link.parent) {
    refs.unshift(link.ref);
    if (link.pointer === pointer) return refs;
  }
  return undefined;
}

function childFrame(frame: Frame, key: string): Frame {
  // Spelled out rather than spread: this runs for every keyword and spread is far slower.
  return {
    location: { parent: frame.location, key },
    chain: frame.chain,
    depth: frame.depth,
    nesting: frame.nesting + 1,
    inCopy: frame.inCopy,
    inEmbeddedResource: frame.inEmbeddedResource,
    ancestors: frame.ancestors,
  };
}

function fail(
  frame: Frame,
  reason: SchemaConversionReason,
  message: string,
  extra: { ref?: string; cycle?: string[] } = {},
): never {
  const path = pointerOf(frame.location);
  throw new SchemaConversionError(`${message} (at #${path})`, { reason, path, ...extra });
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
