import { isRecord, REDACTED_VALUE, SECRET_KEY_PREFIX } from '@apcore-mcp/core/bridge';
import {
  DEFINITION_KEYWORDS,
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from './schema-keywords.js';

/** What a redacted value is: the placeholder string and nothing else. */
const REDACTED_SCHEMA = { type: 'string', const: REDACTED_VALUE } as const;

/**
 * A copy of an output schema that also accepts what redaction leaves behind: each subschema
 * marked `x-sensitive: true`, and each property whose name starts with `_secret_`, becomes
 * `{ anyOf: [itself, { const: '***REDACTED***' }] }`. A client that checks `structuredContent`
 * against the advertised schema would otherwise refuse a result whose sensitive integer was
 * redacted. The schema given is never modified; a schema without secrets comes back equal.
 *
 * @example
 * ```ts
 * allowRedactedValues({
 *   type: 'object',
 *   properties: { pin: { type: 'integer', 'x-sensitive': true } },
 * });
 * // { type: 'object', properties: { pin: { anyOf: [
 * //   { type: 'integer', 'x-sensitive': true }, { type: 'string', const: '***REDACTED***' }] } } }
 * ```
 */
export function allowRedactedValues<T extends Record<string, unknown>>(schema: T): T {
  // The root stays as it is (an output schema's root must stay an object); its parts widen.
  return widenParts(schema) as T;
}

function widenParts(schema: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    copy[keyword] = widenKeyword(keyword, value);
  }
  return copy;
}

function widen(schema: unknown, secretByName: boolean): unknown {
  if (!isRecord(schema)) return schema;
  const copy = widenParts(schema);
  const sensitive = schema['x-sensitive'] === true || secretByName;
  return sensitive ? { anyOf: [copy, REDACTED_SCHEMA] } : copy;
}

function widenKeyword(keyword: string, value: unknown): unknown {
  if (SCHEMA_MAP_KEYWORDS.has(keyword) && isRecord(value)) {
    // Only `properties` names are property names; pattern keys and `dependencies` are not.
    const byName = keyword === 'properties';
    return Object.fromEntries(
      Object.entries(value).map(([name, sub]) => [
        name,
        widen(sub, byName && name.startsWith(SECRET_KEY_PREFIX)),
      ]),
    );
  }
  if (SCHEMA_ARRAY_KEYWORDS.has(keyword) && Array.isArray(value)) {
    return value.map((sub) => widen(sub, false));
  }
  if (SINGLE_SCHEMA_KEYWORDS.has(keyword) || DEFINITION_KEYWORDS.has(keyword)) {
    if (DEFINITION_KEYWORDS.has(keyword) && isRecord(value)) {
      return Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, widen(sub, false)]),
      );
    }
    return widen(value, false);
  }
  return value;
}
