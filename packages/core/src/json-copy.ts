/**
 * A deep copy of JSON data (schemas, examples). Functions, symbols and `undefined` are dropped,
 * which is what schema libraries that decorate schemas with symbol keys need.
 */
export function copyJson<T>(value: T): T {
  if (value === undefined) return value;
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Freezes `value` and everything reachable from it; returns it for chaining. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
