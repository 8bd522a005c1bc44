import type { JsonSchema } from '@apcore-mcp/core';
import type { Logger } from '@apcore-mcp/core/bridge';
import {
  checkStrictSchema,
  StrictModeError,
  type StrictModeErrorDetails,
  type StrictViolation,
  toStrictSchema,
} from '@apcore-mcp/tool-export';
import type { GeminiSchema, GeminiSchemaField } from '../types.js';
import { checkParameters } from './check-parameters.js';
import { encodeParameters } from './encode-parameters.js';
import { GEMINI_JSON_SCHEMA_RULES, GEMINI_PARAMETERS_RULES } from './gemini-rules.js';
import { rewriteForGemini } from './rewrite-for-gemini.js';

/** Options of {@link checkGeminiSchema} and {@link toGeminiSchema}. */
export interface GeminiSchemaOptions {
  /** Which field the schema is for; default `'parametersJsonSchema'`. */
  schemaField?: GeminiSchemaField;
  /** The function name, checked against the API's name rule when given. */
  name?: string;
  /** Named in warnings and violations. */
  moduleId?: string;
  /** What messages name when the schema is not one module's (`grouped function "orders"`). */
  subject?: string;
  /**
   * Drop the value constraints the field's subset does not take (`pattern`, `minLength`,
   * `multipleOf`, formats outside its list, an open `additionalProperties` in `parameters`,
   * ...) with a warning each, instead of refusing the schema. The Executor still validates the
   * full schema. Default `true` for `parametersJsonSchema`, whose field takes any JSON Schema and
   * ignores what it does not support (so dropping loses nothing the model would have seen), and
   * `false` for `parameters`, whose `Schema` message refuses a field it does not know.
   */
  dropUnsupportedKeywords?: boolean;
  /** Receives a warning for every change that alters what the schema accepts. */
  logger?: Logger;
}

function rulesOf(field: GeminiSchemaField) {
  return field === 'parameters' ? GEMINI_PARAMETERS_RULES : GEMINI_JSON_SCHEMA_RULES;
}

function subjectOf(options: GeminiSchemaOptions): string {
  if (options.subject !== undefined) return options.subject;
  return options.moduleId === undefined ? 'schema' : `module "${options.moduleId}"`;
}

/**
 * Checks a schema already rewritten for Gemini (lower-case JSON Schema types) against the
 * field's subset and the name rules: every violation, empty when it is fine.
 *
 * @example
 * ```ts
 * checkGeminiSchema(schema, { schemaField: 'parameters', name: 'image-resize' }); // []
 * ```
 */
export function checkGeminiSchema(
  schema: JsonSchema,
  options: GeminiSchemaOptions = {},
): StrictViolation[] {
  const field = options.schemaField ?? 'parametersJsonSchema';
  const subject = subjectOf(options);
  const violations = checkStrictSchema(schema, {
    rules: rulesOf(field),
    subject,
    ...(options.moduleId === undefined ? {} : { moduleId: options.moduleId }),
    ...(options.name === undefined ? {} : { name: options.name }),
  });
  if (field !== 'parameters') return violations;
  const owner = `${subject.charAt(0).toUpperCase()}${subject.slice(1)}`;
  return [...violations, ...checkParameters(schema, { owner, moduleId: options.moduleId })];
}

/** A JSON Schema rewritten for a field's subset, before the `parameters` spelling. */
function rewrite(schema: JsonSchema, options: GeminiSchemaOptions): JsonSchema {
  const field = options.schemaField ?? 'parametersJsonSchema';
  const rewritten = toStrictSchema(schema, {
    rules: rulesOf(field),
    ...(options.moduleId === undefined ? {} : { moduleId: options.moduleId }),
    ...(options.subject === undefined ? {} : { subject: options.subject }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    dropUnsupportedKeywords: options.dropUnsupportedKeywords ?? field === 'parametersJsonSchema',
  });
  rewriteForGemini(rewritten, field);
  return rewritten;
}

/**
 * A module's input schema (`$ref`s inlined) for one of a declaration's fields: rewritten into
 * the field's subset where that keeps its meaning (`oneOf` to `anyOf`, `allOf` merged, `const`
 * to a one-value `enum`, `x-*` and annotations removed; for `parameters` also type lists to
 * `nullable`, enums to strings, types as the `Type` enum), then checked; throws rather than
 * return a schema Gemini would refuse.
 *
 * @throws {StrictModeError} listing every violation.
 * @example
 * ```ts
 * toGeminiSchema({ type: 'object', properties: { n: { type: ['integer', 'null'] } } }, { schemaField: 'parameters' });
 * // { type: 'OBJECT', properties: { n: { type: 'INTEGER', nullable: true } } }
 * ```
 */
export function toGeminiSchema(
  schema: JsonSchema,
  options: GeminiSchemaOptions & { schemaField: 'parameters' },
): GeminiSchema;
export function toGeminiSchema(schema: JsonSchema, options?: GeminiSchemaOptions): JsonSchema;
export function toGeminiSchema(
  schema: JsonSchema,
  options: GeminiSchemaOptions = {},
): JsonSchema | GeminiSchema {
  const field = options.schemaField ?? 'parametersJsonSchema';
  const rewritten = rewrite(schema, options);
  const violations = checkGeminiSchema(rewritten, options);
  if (violations.length > 0) {
    const subject = subjectOf(options);
    const list = violations.map((violation) => `- ${violation.message}`).join('\n');
    const details: StrictModeErrorDetails = { violations };
    if (options.moduleId !== undefined) details.moduleId = options.moduleId;
    throw new StrictModeError(
      `The schema of ${subject} breaks the Gemini API's rules for "${field}":\n${list}`,
      details,
    );
  }
  return field === 'parameters' ? encodeParameters(rewritten) : rewritten;
}
