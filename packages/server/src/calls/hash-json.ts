import { createHash } from 'node:crypto';
import { toJsonValue } from '@apcore-mcp/core/bridge';

/**
 * A SHA-256 of a JSON value with its object keys sorted: equal values, equal hashes. Keeps
 * arguments and questions out of the client-readable `requestState` while binding it to them.
 *
 * @example
 * ```ts
 * hashJson({ a: 1, b: 2 }) === hashJson({ b: 2, a: 1 }); // true
 * ```
 */
export function hashJson(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(sortKeys(toJsonValue(value))))
    .digest('base64url');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, entry]) => [key, sortKeys(entry)]));
}
