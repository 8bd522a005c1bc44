/**
 * JSON text of a module's output, never throwing: `bigint`s become strings, cycles become
 * `"[Circular]"`, values JSON cannot hold (functions, symbols) are dropped as JSON drops them,
 * and `undefined` output becomes `null`.
 */
export function serializeOutput(output: unknown): string {
  const ancestors: object[] = [];
  return (
    JSON.stringify(output ?? null, function replacer(this: unknown, _key, value: unknown) {
      if (typeof value === 'bigint') return value.toString();
      if (typeof value !== 'object' || value === null) return value;
      // `this` is the object holding `value`: unwind the path back to it, then look for a cycle.
      while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
      if (ancestors.includes(value)) return '[Circular]';
      ancestors.push(value);
      return value;
    }) ?? 'null'
  );
}
