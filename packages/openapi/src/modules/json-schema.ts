import { isRecord } from '@apcore-mcp/core/bridge';

/** A schema of the document that cannot become a tool's JSON Schema; the message says why. */
export class UnconvertibleSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnconvertibleSchemaError';
  }
}

/** OpenAPI-only keywords with no meaning to a JSON Schema validator or to a model. */
const DROPPED_KEYWORDS = new Set(['xml', 'externalDocs', 'discriminator']);

/** The deepest schema converted: deeper is a document built to exhaust, not to describe. */
const MAX_DEPTH = 64;

/** 3.0's `nullable: true` as JSON Schema: `null` added to `type` (and to `enum`). */
function applyNullable(schema: Record<string, unknown>): void {
  if (schema.nullable !== true) return;
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
}

/** 3.0's boolean `exclusiveMinimum` / `exclusiveMaximum` (draft 4) as numbers. */
function applyExclusiveBounds(schema: Record<string, unknown>): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[flag] !== 'boolean') continue;
    if (schema[flag] === true && typeof schema[bound] === 'number') {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else delete schema[flag];
  }
}

/** Keywords whose value is a map from names to schemas. */
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);

/** Keywords whose value is a schema or a list of schemas. */
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
]);

function convertChild(key: string, child: unknown, version: '3.0' | '3.1', depth: number): unknown {
  if (SCHEMA_MAPS.has(key) && isRecord(child)) {
    return Object.fromEntries(
      Object.entries(child).map(([name, value]) => [name, convertNode(value, version, depth + 1)]),
    );
  }
  if (!SCHEMA_VALUES.has(key)) return structuredClone(child);
  return Array.isArray(child)
    ? child.map((item) => convertNode(item, version, depth + 1))
    : convertNode(child, version, depth + 1);
}

function convertNode(value: unknown, version: '3.0' | '3.1', depth: number): unknown {
  if (depth > MAX_DEPTH)
    throw new UnconvertibleSchemaError(`schema nested over ${MAX_DEPTH} levels`);
  if (!isRecord(value)) return value;
  if (typeof value.$ref === 'string') {
    throw new UnconvertibleSchemaError(`its schema refers to itself (${value.$ref})`);
  }
  const schema: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (!DROPPED_KEYWORDS.has(key)) schema[key] = convertChild(key, child, version, depth);
  }
  if (version === '3.0') {
    applyNullable(schema);
    delete schema.nullable;
    applyExclusiveBounds(schema);
  }
  if (schema.example !== undefined) {
    if (schema.examples === undefined) schema.examples = [schema.example];
    delete schema.example;
  }
  return schema;
}

/**
 * A schema of the document (its `$ref`s already resolved) as plain JSON Schema a validator and
 * a model read alike: OpenAPI 3.0's `nullable` and boolean exclusive bounds rewritten, `example`
 * kept as `examples`, `xml` / `externalDocs` / `discriminator` dropped, descriptions kept.
 *
 * @throws {UnconvertibleSchemaError} for a circular schema (a `$ref` left by resolution) or one
 *   nested absurdly deep.
 */
export function toJsonSchema(schema: unknown, version: '3.0' | '3.1'): Record<string, unknown> {
  if (schema === undefined || schema === true) return {};
  if (!isRecord(schema)) throw new UnconvertibleSchemaError('its schema is not an object');
  return convertNode(schema, version, 0) as Record<string, unknown>;
}
