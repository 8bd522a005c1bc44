/**
 * Freezes a JSON value all the way down, so that any mutation by the code under test throws.
 * Returns the value itself; values already frozen (and shared subtrees) are walked once.
 *
 * @example
 * ```ts
 * const schema = deepFreeze({ type: 'object', properties: {} });
 * expect(() => inlineRefs(schema)).not.toThrow();
 * ```
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
