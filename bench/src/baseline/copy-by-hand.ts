/**
 * A deep copy of a JSON value in the fewest steps JavaScript allows: no checks, no special
 * cases. What it costs to copy a finished tool list is the least any conversion that hands out
 * fresh objects can cost, whatever else it does.
 *
 * @example
 * ```ts
 * const copy = copyByHand({ a: [1, { b: 2 }] }); // equal, sharing no object
 * ```
 */
export function copyByHand<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) copy[index] = copyByHand(value[index]);
    return copy as T;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    copy[key] = copyByHand((value as Record<string, unknown>)[key]);
  }
  return copy as T;
}
