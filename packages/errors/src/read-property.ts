/**
 * Reads `value[key]` without ever throwing: hostile errors may carry getters that throw or be
 * revoked proxies, and the error path must survive them.
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

/** True for a non-null, non-array object. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
