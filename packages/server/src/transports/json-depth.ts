/**
 * Whether a parsed JSON value nests deeper than `maxDepth` levels. Every array or object is one
 * level: `7` and `"[[["` are 0 levels deep, `[]` is 1, `{ "a": [1] }` is 2.
 *
 * It walks with a stack of its own instead of recursing, so no input can overflow the call stack
 * (the very thing the limit protects against), and it answers as soon as it meets a level past
 * the limit, without looking at the rest of the value.
 *
 * @example
 * ```ts
 * isNestedDeeperThan(JSON.parse('{"a":[[1]]}'), 2); // true: three levels
 * ```
 */
export function isNestedDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ container: object; level: number }> = [];
  if (isContainer(value)) pending.push({ container: value, level: 1 });
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.level > maxDepth) return true;
    for (const child of Object.values(next.container)) {
      if (isContainer(child)) pending.push({ container: child, level: next.level + 1 });
    }
  }
  return false;
}

/** An array or an object: what adds a level. */
function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
