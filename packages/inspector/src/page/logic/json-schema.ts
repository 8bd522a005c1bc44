/**
 * A JSON Schema (or a sub-schema) as the page reads it: a plain object of keywords.
 *
 * @example
 * ```ts
 * const schema: JsonSchema = { type: 'string', minLength: 1 };
 * ```
 */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * Whether `value` is a plain JSON object (not an array, not null).
 *
 * @example
 * ```ts
 * isPlainObject({ a: 1 }); // true
 * isPlainObject([1]); // false
 * ```
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The sub-schema at `key`, when it is an object; `undefined` otherwise (absent, `true`, `false`).
 *
 * @example
 * ```ts
 * subSchema({ items: { type: 'string' } }, 'items'); // { type: 'string' }
 * ```
 */
export function subSchema(schema: JsonSchema, key: string): JsonSchema | undefined {
  const value = schema[key];
  return isPlainObject(value) ? value : undefined;
}

/**
 * A numeric keyword's value, when it is a number.
 *
 * @example
 * ```ts
 * numberKeyword({ minLength: 2 }, 'minLength'); // 2
 * ```
 */
export function numberKeyword(schema: JsonSchema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' ? value : undefined;
}

/**
 * A string keyword's value, when it is a string.
 *
 * @example
 * ```ts
 * stringKeyword({ format: 'email' }, 'format'); // 'email'
 * ```
 */
export function stringKeyword(schema: JsonSchema, key: string): string | undefined {
  const value = schema[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Pretty-printed JSON, two spaces, as every JSON view of the page shows it.
 *
 * @example
 * ```ts
 * formatJson({ a: 1 }); // '{\n  "a": 1\n}'
 * ```
 */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}
