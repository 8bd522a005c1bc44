import { setOwnEntry } from './own-entry.js';

/** Beyond this depth the direct copy hands over to JSON, which also reports cycles. */
const MAX_DIRECT_DEPTH = 256;

/** Returned by the direct copy when only JSON's own rules can say what the copy is. */
const HAND_OVER: unique symbol = Symbol('hand over to JSON');

/**
 * A deep copy of JSON data (schemas, examples): exactly what `JSON.parse(JSON.stringify(value))`
 * gives. Functions, symbols and `undefined` are dropped (`null` in arrays), which is what schema
 * libraries that decorate schemas with symbol keys need.
 *
 * Plain data is copied directly, several times faster than the JSON round trip: a registry
 * copies every schema on every `getDefinition()`, so this is on the path of building every tool.
 * Anything whose JSON form only `JSON.stringify` knows (a `toJSON` method, a class instance, a
 * `BigInt`, a cycle, very deep nesting) goes through the round trip itself, unchanged.
 *
 * The one deep copy of the packages: the registry and `defineModule` copy schemas with it, and
 * the schema converter copies the data inside schemas (`default`, `enum`, `examples`) with it,
 * so a tool schema is exactly the JSON its clients will receive.
 *
 * @throws {TypeError} for what `JSON.stringify` refuses: a cycle, a `BigInt`.
 * @example
 * ```ts
 * const copy = copyJson({ type: 'string', default: new Date(0), 'x-fn': () => 1 });
 * // { type: 'string', default: '1970-01-01T00:00:00.000Z' }
 * ```
 */
export function copyJson<T>(value: T): T {
  if (value === undefined) return value;
  // A lone function or symbol has no JSON text: let JSON.parse refuse it, as it always did.
  if (typeof value === 'function' || typeof value === 'symbol') {
    return JSON.parse(JSON.stringify(value) as string) as T;
  }
  const copy = copyDirectly(value, 0);
  return (copy === HAND_OVER ? JSON.parse(JSON.stringify(value)) : copy) as T;
}

/** The JSON copy of a value standing in an array (where JSON writes nothing as `null`). */
function copyDirectly(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON writes NaN and the infinities as null, and -0 as 0.
      return Number.isFinite(value) ? value + 0 : null;
    case 'object':
      if (value === null) return null;
      if (depth >= MAX_DIRECT_DEPTH) return HAND_OVER;
      return Array.isArray(value)
        ? copyArray(value, depth + 1)
        : copyObject(value as Record<string, unknown>, depth + 1);
    case 'bigint':
      return HAND_OVER;
    default:
      // undefined, functions and symbols.
      return null;
  }
}

function copyArray(array: readonly unknown[], depth: number): unknown[] | typeof HAND_OVER {
  if (typeof (array as { toJSON?: unknown }).toJSON === 'function') return HAND_OVER;
  // Sized up front: pushing onto [] would reserve room for 17 items, most of the memory of the
  // short lists schemas are full of.
  const copy = new Array<unknown>(array.length);
  for (let index = 0; index < array.length; index += 1) {
    const item = copyDirectly(array[index], depth);
    if (item === HAND_OVER) return HAND_OVER;
    copy[index] = item;
  }
  return copy;
}

function copyObject(
  object: Record<string, unknown>,
  depth: number,
): Record<string, unknown> | typeof HAND_OVER {
  const prototype = Object.getPrototypeOf(object);
  if (prototype !== Object.prototype && prototype !== null) return HAND_OVER;
  if (typeof object.toJSON === 'function') return HAND_OVER;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    const entry = object[key];
    const kind = typeof entry;
    // JSON leaves out the properties it cannot write.
    if (kind === 'undefined' || kind === 'function' || kind === 'symbol') continue;
    const item = copyDirectly(entry, depth);
    if (item === HAND_OVER) return HAND_OVER;
    setOwnEntry(copy, key, item);
  }
  return copy;
}

/** Freezes `value` and everything reachable from it; returns it for chaining. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
