import { formatPointer } from './json-pointer.js';
import { SchemaConversionError, type SchemaConversionReason } from './schema-conversion-error.js';

/** The `$ref` jumps that led to a node, innermost first (a linked list, shared by siblings). */
export type RefLink =
  | { readonly parent: RefLink; readonly pointer: string; readonly ref: string }
  | undefined;
/** A JSON Schema object node (not a boolean schema). */
export type SchemaObject = Record<string, unknown>;

/**
 * One run of `inlineRefs`: the limits, and where the walk stands. The position is changed
 * on the way down and restored on the way back up, so walking a node allocates nothing but its
 * copy; an error reads it where it is, because an error ends the walk.
 */
export interface Walk {
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

/** One step down, to the value under `key`. */
export function enter(walk: Walk, key: string | number): void {
  walk.path.push(key);
  walk.nesting += 1;
}

/** Back up from the last {@link enter}. */
export function leave(walk: Walk): void {
  walk.path.pop();
  walk.nesting -= 1;
}

/** Ends the walk with a {@link SchemaConversionError} that names where it stands. */
export function fail(
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

/** A schema object, as opposed to a boolean schema, an array or a primitive. */
export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Names the kind of a value for error messages ("an array", "a string"). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
