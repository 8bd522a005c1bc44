import { defineEntry, isPlainObject } from './plain-object.js';

/**
 * Deep-copies a schema (or any JSON-like value) so the copy can be changed freely.
 *
 * Uses `structuredClone`; when the value holds something it cannot clone (a function, a symbol,
 * a class with private state), falls back to copying plain objects and arrays one by one and
 * keeping such values by reference. Object cycles are preserved, never followed forever.
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
  try {
    return structuredClone(value);
  } catch {
    return copyLeniently(value, new Map()) as T;
  }
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
