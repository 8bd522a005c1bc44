import { isRecord } from '@apcore-mcp/core/bridge';
import { pickJsonMediaType } from './input-schema.js';
import { toJsonSchema } from './json-schema.js';

/** The first success response's JSON schema, `undefined` when no 2xx answer is JSON. */
function successSchema(responses: unknown): unknown {
  if (!isRecord(responses)) return undefined;
  const codes = Object.keys(responses)
    .filter((code) => /^2(\d\d|XX)$/i.test(code))
    .sort();
  for (const code of codes) {
    const response = responses[code];
    if (!isRecord(response)) continue;
    const mediaType = pickJsonMediaType(response.content);
    if (mediaType === undefined || !isRecord(response.content)) continue;
    const mediaTypeObject = response.content[mediaType];
    return isRecord(mediaTypeObject) ? (mediaTypeObject.schema ?? {}) : {};
  }
  return undefined;
}

type ValueKind = 'object' | 'array' | 'scalar' | 'unknown';

/** The kind of value a schema's own `type` (or `properties`) describes. */
function ownKind(schema: Record<string, unknown>): ValueKind {
  const types = Array.isArray(schema.type)
    ? schema.type.filter((type) => type !== 'null')
    : [schema.type];
  if (types.length !== 1) return 'unknown';
  const [type] = types;
  if (type === 'object' || (type === undefined && isRecord(schema.properties))) return 'object';
  if (type === 'array') return 'array';
  return typeof type === 'string' ? 'scalar' : 'unknown';
}

/**
 * The kind of value a schema describes: what decides how the answer is wrapped. A schema
 * without a `type` of its own says it through its members: every `allOf` member describes the
 * value (the Petstore's `Pet` is an `allOf` of two objects), and `oneOf` / `anyOf` do when all
 * their alternatives agree.
 */
function kindOf(schema: Record<string, unknown>): ValueKind {
  const own = ownKind(schema);
  if (own !== 'unknown' || schema.type !== undefined) return own;
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const members = schema[keyword];
    if (!Array.isArray(members)) continue;
    const kinds = new Set(members.filter(isRecord).map(kindOf));
    if (keyword === 'allOf') kinds.delete('unknown');
    const [kind] = kinds;
    if (kinds.size === 1 && kind !== undefined) return kind;
  }
  return 'unknown';
}

/**
 * The output schema of an operation, from its first 2xx JSON answer. Structured output must be
 * an object, so an array answer is described as `{ items: [...] }` and a scalar one as
 * `{ value: ... }`, the way calls wrap them. `undefined` when no 2xx answer is JSON or the
 * schema does not say which kind of value comes back.
 */
export function buildOutputSchema(
  operation: Record<string, unknown>,
  version: '3.0' | '3.1',
): Record<string, unknown> | undefined {
  const found = successSchema(operation.responses);
  if (found === undefined) return undefined;
  const schema = toJsonSchema(found, version);
  switch (kindOf(schema)) {
    case 'object':
      // A tool's output schema must say `type: object` at its root.
      return schema.type === undefined ? { type: 'object', ...schema } : schema;
    case 'array':
      return { type: 'object', properties: { items: schema }, required: ['items'] };
    case 'scalar':
      return { type: 'object', properties: { value: schema }, required: ['value'] };
    default:
      return undefined;
  }
}
