/**
 * Reads `value[key]` without ever throwing: hostile errors may carry getters that throw or be
 * revoked proxies, and the error path (mapping, logging) must survive them.
 *
 * @example
 * ```ts
 * readProperty(error, 'cause'); // undefined for a primitive or a getter that throws
 * ```
 */
export function readProperty(value: unknown, key: string): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    return undefined;
  }
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}
