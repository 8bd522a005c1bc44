import { setOwnEntry } from './own-entry.js';

/** Deeper than this, values are cut off rather than risking a stack overflow. */
const MAX_DEPTH = 200;

const CIRCULAR = '[Circular]';
const UNSERIALIZABLE = '[Unserializable]';
const TOO_DEEP = '[MaxDepth]';

/** A value `JSON.stringify` writes without surprises. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/**
 * Turns any module output into its JSON text, never throwing: the one serializer of module
 * output, so a result reads the same over MCP and in an OpenAI tool message.
 *
 * Beyond plain JSON: `Date` -> ISO string (via `toJSON`), `BigInt` -> decimal string, `Map` ->
 * object (keys as strings), `Set` -> array, `Buffer`/typed arrays/`ArrayBuffer` -> base64 string,
 * `Error` -> `{ name, message }` (never the stack), `RegExp` -> its source text, a cycle ->
 * `"[Circular]"`, a value whose getter or `toJSON` throws -> `"[Unserializable]"`, `undefined` at
 * the top -> `null`. Functions and symbols are dropped as `JSON.stringify` drops them.
 *
 * @example
 * ```ts
 * serializeOutput({ at: new Date(0), n: 10n, tags: new Set(['a']) });
 * // '{"at":"1970-01-01T00:00:00.000Z","n":"10","tags":["a"]}'
 * ```
 */
export function serializeOutput(value: unknown): string {
  try {
    return JSON.stringify(toJsonValue(value));
  } catch {
    return JSON.stringify(UNSERIALIZABLE);
  }
}

/**
 * The JSON-safe copy of a value that {@link serializeOutput} writes; used for
 * `structuredContent`, which must be plain JSON too.
 *
 * @example
 * ```ts
 * toJsonValue({ when: new Date(0) }); // { when: '1970-01-01T00:00:00.000Z' }
 * ```
 */
export function toJsonValue(value: unknown): JsonValue {
  return copyFlatRecord(value) ?? normalize(value, [], 0) ?? null;
}

type JsonRecord = { [key: string]: JsonValue };

/**
 * The copy of a plain object whose values JSON writes as they are (strings, booleans, finite
 * numbers, `null`), or `undefined` for any other value. Most modules answer such an object, and
 * copying it directly costs a fraction of the general walk, with the same result. A getter that
 * throws sends the value to the walk, which reports it property by property.
 */
function copyFlatRecord(value: unknown): JsonRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  // JSON.stringify would call a toJSON, even an inherited one: that is the walk's business.
  if ('toJSON' in value) return undefined;
  const record = value as Record<string, unknown>;
  const result: JsonRecord = {};
  try {
    // for...in rather than Object.keys(): it reads the map's cached keys instead of making a
    // list. An inherited enumerable key (a polluted Object.prototype) sends it to the walk.
    for (const key in record) {
      if (!Object.hasOwn(record, key)) return undefined;
      const item = record[key];
      if (!isJsonPrimitive(item)) return undefined;
      setOwnEntry(result, key, item);
    }
  } catch {
    return undefined;
  }
  return result;
}

function isJsonPrimitive(value: unknown): value is string | number | boolean | null {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** `undefined` means "leave this property out", as JSON does. */
function normalize(value: unknown, ancestors: object[], depth: number): JsonValue | undefined {
  try {
    if (value === null) return null;
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return value;
      case 'number':
        return Number.isFinite(value) ? value : null;
      case 'bigint':
        return value.toString();
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
      default:
        return normalizeObject(value as object, ancestors, depth);
    }
  } catch {
    return UNSERIALIZABLE;
  }
}

function normalizeObject(value: object, ancestors: object[], depth: number): JsonValue | undefined {
  // Only the current path counts: the same object reached twice side by side is not a cycle.
  if (ancestors.includes(value)) return CIRCULAR;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  const binary = toBase64(value);
  if (binary !== undefined) return binary;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (value instanceof RegExp) return value.toString();
  ancestors.push(value);
  try {
    return normalizeContainer(value, ancestors, depth + 1);
  } finally {
    ancestors.pop();
  }
}

function normalizeContainer(
  value: object,
  ancestors: object[],
  depth: number,
): JsonValue | undefined {
  if (Array.isArray(value)) return value.map((item) => normalize(item, ancestors, depth) ?? null);
  if (value instanceof Set) {
    return [...value].map((item) => normalize(item, ancestors, depth) ?? null);
  }
  if (value instanceof Map) {
    const result: JsonRecord = {};
    for (const [key, item] of value) addEntry(result, String(key), item, ancestors, depth);
    return result;
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    return normalize(toJSON.call(value), ancestors, depth);
  }
  const record = value as Record<string, unknown>;
  const result: JsonRecord = {};
  // Read property by property so one throwing getter spoils only its own value.
  for (const key of Object.keys(record)) {
    addEntry(result, key, readProperty(record, key), ancestors, depth);
  }
  return result;
}

function readProperty(record: Record<string, unknown>, key: string): unknown {
  try {
    return record[key];
  } catch {
    return UNSERIALIZABLE;
  }
}

/** Adds `key` unless its value is one JSON leaves out. */
function addEntry(
  result: JsonRecord,
  key: string,
  item: unknown,
  ancestors: object[],
  depth: number,
): void {
  const normalized = normalize(item, ancestors, depth);
  if (normalized !== undefined) setOwnEntry(result, key, normalized);
}

function toBase64(value: object): string | undefined {
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString('base64');
  if (ArrayBuffer.isView(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  }
  return undefined;
}
