import type { JsonSchema } from '@apcore-mcp/core';
import {
  assertStrictSchema as assertProviderStrictSchema,
  checkStrictSchema as checkProviderStrictSchema,
  type StrictViolation,
} from '@apcore-mcp/tool-export';
import { OPENAI_STRICT_RULES } from './strict-mode-rules.js';

/** Options of {@link checkStrictSchema}. */
export interface CheckStrictSchemaOptions {
  /** Named in every violation. */
  moduleId?: string;
  /** The function name to check against `^[a-zA-Z0-9_-]{1,64}$`, when given. */
  name?: string;
}

/**
 * Checks a schema (and optionally a function name) against OpenAI's published strict-mode rules:
 * an object root, every object closed with `additionalProperties: false` and every property
 * required, supported types, keywords per type and formats, no `allOf`/`not`/`if`/`oneOf`/
 * `dependent*`/`$ref`, at most 5,000 properties, 10 levels of object nesting, 120,000
 * characters of names and enum/const values, 1,000 enum values, 15,000 characters for a string
 * enum of more than 250 values. Returns every violation (empty when the schema is fine), each
 * with the module id and the JSON pointer of the offending node. Never mutates its input.
 *
 * @example
 * ```ts
 * checkStrictSchema(toStrictSchema(schema), { moduleId: 'crm.contact' });
 * // [{ moduleId: 'crm.contact', path: '/properties/zip', rule: 'unsupported-keyword', message: '...' }]
 * ```
 */
export function checkStrictSchema(
  schema: JsonSchema,
  options: CheckStrictSchemaOptions = {},
): StrictViolation[] {
  return checkProviderStrictSchema(schema, { ...options, rules: OPENAI_STRICT_RULES });
}

/**
 * {@link checkStrictSchema}, throwing instead of returning: a `StrictModeError` carrying every
 * violation, its message listing them.
 *
 * @example
 * ```ts
 * assertStrictSchema(toStrictSchema(schema, { moduleId }), { moduleId }); // throws if unfit
 * ```
 */
export function assertStrictSchema(
  schema: JsonSchema,
  options: CheckStrictSchemaOptions = {},
): void {
  assertProviderStrictSchema(schema, { ...options, rules: OPENAI_STRICT_RULES });
}
