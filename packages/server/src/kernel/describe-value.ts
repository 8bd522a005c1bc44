/**
 * How a value is named in an option's error message: its type, or the value itself when it is a
 * string, number or boolean (`'sse'`, `number 0`, `array`, `null`).
 *
 * @example
 * ```ts
 * describeValue('80'); // "'80'"
 * describeValue(80.5); // 'number 80.5'
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return typeof value;
}
