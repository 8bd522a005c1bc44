import { defineEntry, isPlainObject } from './plain-object.js';

/**
 * Deep-copies a schema (or any JSON-like value) so the copy can be changed freely.
 *
 * An array or plain object holding only primitives — most of the data in a schema: `required`,
 * `enum` and `type` lists — is copied directly: converting a schema copies many such small
 * values, and `structuredClone`'s serialization costs far more than the copy itself. The copy
 * is the one `structuredClone` gives, except that named properties on such a list, which JSON
 * has no room for, are left out. Otherwise uses `structuredClone`; when the value holds
 * something it cannot clone (a function, a symbol, a class with private state), falls back to
 * copying plain objects and arrays one by one and keeping such values by reference. Object
 * cycles are preserved, never followed forever.
 *
 * @example
 * ```ts
 * const copy = cloneSchema(descriptor.inputSchema);
 * copy.title = 'Changed'; // descriptor.inputSchema is untouched
 * ```
 */
export function cloneSchema<T>(value: T): T {
  // Primitives need no copy, and they are most of a schema's values.
  if (typeof value !== 'object' || value === null) return value;
  const flat = copyFlat(value);
  if (flat !== undefined) return flat as T;
  try {
    return structuredClone(value);
  } catch {
    return copyLeniently(value, new Map()) as T;
  }
}

/** Whether `structuredClone` copies `value` as it is (symbols and functions it refuses). */
function isClonablePrimitive(value: unknown): boolean {
  const kind = typeof value;
  return value === null || (kind !== 'object' && kind !== 'function' && kind !== 'symbol');
}

/**
 * The copy of an array or plain object whose values are all primitives, or `undefined` when
 * `value` is anything else. Arrays with holes are left to `structuredClone`, which keeps them.
 * Named properties on an array are not JSON and are not copied: finding them would take
 * `Object.keys()`, which builds an index string for every item of every list in a schema.
 */
function copyFlat(value: object): unknown {
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return undefined;
    // Sized up front: pushing onto [] would reserve room for 17 items, which for the many two-
    // and three-item lists of a schema is most of its memory. Copied by hand: `slice()` takes a
    // slow path on frozen arrays (`defineModule` freezes every schema), dozens of times slower.
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      if (!(index in value)) return undefined;
      const item: unknown = value[index];
      if (!isClonablePrimitive(item)) return undefined;
      copy[index] = item;
    }
    return copy;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const entry = (value as Record<string, unknown>)[key];
    if (!isClonablePrimitive(entry)) return undefined;
    defineEntry(copy, key, entry);
  }
  return copy;
}

function copyLeniently(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(copyLeniently(item, seen));
    return copy;
  }
  if (!isPlainObject(value)) {
    try {
      return structuredClone(value);
    } catch {
      return value;
    }
  }
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const key of Object.keys(value)) {
    defineEntry(copy, key, copyLeniently((value as Record<string, unknown>)[key], seen));
  }
  return copy;
}
