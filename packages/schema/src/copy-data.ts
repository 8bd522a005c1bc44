import { copyJson, setOwnEntry } from '@apcore-mcp/core/bridge';
import { enter, fail, type SchemaObject, type Walk } from './inline-refs-walk.js';

/**
 * Copies the data under `key` into `result`, leaving the key out where JSON would.
 *
 * @example
 * ```ts
 * setData(walk, result, 'default', node.default);
 * ```
 */
export function setData(walk: Walk, result: SchemaObject, key: string, value: unknown): void {
  const kind = typeof value;
  if (kind === 'undefined' || kind === 'function' || kind === 'symbol') return;
  setOwnEntry(result, key, copyData(walk, value, key));
}

/**
 * The JSON copy of data where the walk stands (`key`: the entry it is copied into, named in
 * the error). A tool schema reaches its clients as JSON, so a value JSON cannot write (a cycle,
 * a `BigInt`) is refused here, naming the module, rather than breaking the whole tool list when
 * it is sent.
 *
 * @example
 * ```ts
 * const copy = copyData(walk, node.enum);
 * ```
 */
export function copyData(walk: Walk, value: unknown, key?: string): unknown {
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
    return fail(walk, 'invalid-schema', 'Invalid schema: a value cannot be written as JSON', {
      cause: error,
    });
  }
}
