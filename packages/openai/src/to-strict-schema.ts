import type { JsonSchema } from '@apcore-mcp/core';
import type { Logger } from '@apcore-mcp/core/bridge';
import { toStrictSchema as toProviderStrictSchema } from '@apcore-mcp/tool-export';
import { OPENAI_STRICT_RULES } from './strict-mode-rules.js';

/** Options of {@link toStrictSchema}. */
export interface ToStrictSchemaOptions {
  /** Receives a warning for every change that alters what the schema accepts. */
  logger?: Logger;
  /** Named in the warnings. */
  moduleId?: string;
  /**
   * Also remove value constraints strict mode rejects (`minLength`, `maxLength`, `uniqueItems`,
   * formats outside OpenAI's list, ...) with a warning each, instead of leaving them for
   * `checkStrictSchema` to report. The Executor still validates the full schema. Default
   * `false`.
   */
  dropUnsupportedKeywords?: boolean;
}

/**
 * Rewrites a JSON Schema (with its `$ref`s already inlined) for OpenAI's strict mode:
 * `additionalProperties: false` on every object, every property required, the optional ones made
 * nullable (a `type` array with `"null"`, `null` added to an `enum`, a `{ type: 'null' }` branch
 * for an `anyOf`), `x-llm-description` promoted to `description` (the text written for models),
 * then `default`, `x-*` and other annotations (`title`, `examples`, `$comment`, ...) removed,
 * `oneOf` turned into `anyOf`, `allOf` merged away where that is safe, recursing into nested
 * objects, array items and combinators. Schemas that deliberately allow additional properties
 * get a warning and are closed. Never mutates its input.
 *
 * The result may still break a strict-mode rule (an unsupported keyword, a size limit): check it
 * with `checkStrictSchema`.
 *
 * @example
 * ```ts
 * toStrictSchema({ type: 'object', properties: { a: { type: 'string' } } });
 * // { type: 'object', properties: { a: { type: ['string', 'null'] } }, required: ['a'],
 * //   additionalProperties: false }
 * ```
 */
export function toStrictSchema(
  schema: JsonSchema,
  options: ToStrictSchemaOptions = {},
): JsonSchema {
  return toProviderStrictSchema(schema, { ...options, rules: OPENAI_STRICT_RULES });
}
