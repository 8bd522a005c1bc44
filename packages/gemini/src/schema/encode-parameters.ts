import type { GeminiSchema } from '../types.js';

type Node = Record<string, unknown>;

/** The Schema message's int64 fields: decimal strings in the API's JSON and the SDK's types. */
const INT64_FIELDS = new Set([
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
]);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function encodeNode(value: unknown): unknown {
  if (!isNode(value)) return value;
  const result: Node = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === 'type' && typeof entry === 'string') result.type = entry.toUpperCase();
    else if (INT64_FIELDS.has(key) && typeof entry === 'number') result[key] = String(entry);
    else if (key === 'items') result.items = encodeNode(entry);
    else if (key === 'anyOf' && Array.isArray(entry)) result.anyOf = entry.map(encodeNode);
    else if (key === 'properties' && isNode(entry)) {
      const properties: Node = {};
      for (const [name, property] of Object.entries(entry)) properties[name] = encodeNode(property);
      result.properties = properties;
    } else result[key] = entry;
  }
  return result;
}

/**
 * A checked schema in the API's spelling for `parameters`: types as the `Type` enum
 * (`'string'` -> `'STRING'`), int64 fields as decimal strings. Changes no meaning.
 */
export function encodeParameters(schema: Node): GeminiSchema {
  return encodeNode(schema) as GeminiSchema;
}
