import type { JsonSchema } from '@apcore-mcp/core';
import { setOwnEntry } from '@apcore-mcp/core/bridge';
import { SchemaConversionError } from './schema-conversion-error.js';

/**
 * Makes a (ref-free) schema acceptable as an MCP tool `inputSchema`, whose root must be
 * `type: "object"`. Returns a new object; every other keyword (`title`, `required`,
 * `description`, `x-*`, ...) is kept as is.
 *
 * - `{}`, `null` or `undefined` -> `{ type: 'object', properties: {} }`;
 * - no `type` -> `type: 'object'` added, and `properties: {}` when absent;
 * - `type: 'object'` -> unchanged (no `properties` added, per the specification);
 * - a type array that allows `"object"` (e.g. `["object", "null"]`) -> `'object'`, since tool
 *   arguments are always an object;
 * - `true`/`false` property schemas -> `{}`/`{ not: {} }`, as MCP clients require each
 *   property schema to be an object;
 * - any other root type -> {@link SchemaConversionError} with reason `root-not-object`.
 *
 * @example
 * ```ts
 * ensureObjectType({}); // { type: 'object', properties: {} }
 * ensureObjectType({ properties: { a: { type: 'string' } } });
 * // { type: 'object', properties: { a: { type: 'string' } } }
 * ```
 */
export function ensureObjectType(schema: JsonSchema | null | undefined): JsonSchema {
  if (schema === null || schema === undefined) return { type: 'object', properties: {} };
  const type = schema.type;
  if (type !== undefined && type !== 'object' && !allowsObject(type)) {
    throw new SchemaConversionError(
      `Root schema must have type "object" for an MCP tool, got type ${JSON.stringify(type)}`,
      { reason: 'root-not-object', path: '/type' },
    );
  }
  const result: JsonSchema = { type: 'object' };
  for (const key of Object.keys(schema)) {
    if (key !== 'type') setOwnEntry(result, key, schema[key]);
  }
  if (type === undefined && !Object.hasOwn(schema, 'properties')) result.properties = {};
  if (isObject(result.properties)) result.properties = objectifyProperties(result.properties);
  return result;
}

function allowsObject(type: unknown): boolean {
  return Array.isArray(type) && type.includes('object');
}

function objectifyProperties(properties: Record<string, unknown>): Record<string, unknown> {
  if (!Object.values(properties).some((value) => typeof value === 'boolean')) return properties;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(properties)) {
    const schema = value === true ? {} : value === false ? { not: {} } : value;
    setOwnEntry(result, name, schema);
  }
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
