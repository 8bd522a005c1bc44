/**
 * JSON with object keys sorted, so two equal schemas written in another key order compare equal.
 *
 * @example
 * ```ts
 * stableJson({ b: 1, a: 2 }) === stableJson({ a: 2, b: 1 }); // true
 * ```
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, node: unknown) => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(node).sort())
      sorted[key] = (node as Record<string, unknown>)[key];
    return sorted;
  });
}
