import { CONTENT_RESULT_KEY, setOwnEntry } from '@apcore-mcp/core/bridge';

/** Deeper than this, objects are no longer merged but replaced (guards against cycles). */
const MAX_MERGE_DEPTH = 32;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function mergeAt(
  accumulated: Record<string, unknown>,
  chunk: Record<string, unknown>,
  depth: number,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...accumulated };
  for (const [key, value] of Object.entries(chunk)) {
    const previous = merged[key];
    const next =
      depth === 0 && key === CONTENT_RESULT_KEY && Array.isArray(previous) && Array.isArray(value)
        ? [...previous, ...value]
        : depth < MAX_MERGE_DEPTH && isPlainObject(previous) && isPlainObject(value)
          ? mergeAt(previous, value, depth + 1)
          : value;
    // A chunk key named `__proto__` stays a plain key.
    setOwnEntry(merged, key, next);
  }
  return merged;
}

/**
 * Folds one streamed chunk into the result accumulated so far, the way a streaming module's
 * output is assembled: plain objects merge key by key, recursively; everything else — arrays,
 * strings, numbers, `null`, class instances — replaces what was there (the later chunk wins).
 * Content items (core's `text()`, `image()`, ...) are the exception: they concatenate, so a
 * stream of content chunks answers with all of them in order. Neither argument is changed. An
 * empty stream accumulates to `{}`.
 *
 * @example
 * ```ts
 * mergeChunks({ stats: { rows: 10 }, tags: ['a'] }, { stats: { errors: 0 }, tags: ['b'] });
 * // { stats: { rows: 10, errors: 0 }, tags: ['b'] }
 * ```
 */
export function mergeChunks(
  accumulated: Record<string, unknown>,
  chunk: Record<string, unknown>,
): Record<string, unknown> {
  return mergeAt(accumulated, chunk, 0);
}
