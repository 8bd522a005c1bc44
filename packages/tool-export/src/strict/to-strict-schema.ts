import type { JsonSchema } from '@apcore-mcp/core';
import { copyJson, type Logger, setOwnEntry } from '@apcore-mcp/core/bridge';
import { makeOwnNodeNullable } from './make-nullable.js';
import { mergeAllOf } from './merge-all-of.js';
import { isSchemaNode, readTypes, SchemaPath } from './schema-node.js';
import type { StrictRuleSet } from './strict-rule-set.js';

/** Options of {@link toStrictSchema}. */
export interface ToStrictSchemaOptions {
  /** The provider's strict subset the schema is rewritten for. */
  rules: StrictRuleSet;
  /** Receives a warning for every change that alters what the schema accepts. */
  logger?: Logger;
  /** Named in the warnings. */
  moduleId?: string;
  /** What the warnings name when the schema is not one module's (`grouped tool "orders"`). */
  subject?: string;
  /**
   * Also remove value constraints strict mode rejects (`minLength`, `maxLength`, `uniqueItems`,
   * formats outside the provider's list, ...) with a warning each, instead of leaving them for
   * {@link checkStrictSchema} to report. The Executor still validates the full schema. Default
   * `false`.
   */
  dropUnsupportedKeywords?: boolean;
}

interface Walk {
  readonly options: ToStrictSchemaOptions;
  /** Where the walk stands: the node being rewritten. */
  readonly path: SchemaPath;
  /** Warns about the node at {@link path}. */
  warn(message: string): void;
}

/** Keywords holding one subschema. */
const SINGLE_SCHEMA_KEYWORDS = new Set(['not', 'if', 'then', 'else', 'contains']);
/** Keywords holding a list of subschemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['anyOf', 'allOf', 'prefixItems']);

/** Rewrites `value` standing under `segment` of the current node. */
function strictifyChild(value: unknown, segment: string | number, walk: Walk): unknown {
  walk.path.enter(segment);
  const result = strictifyNode(value, walk);
  walk.path.leave();
  return result;
}

function strictifyList(list: unknown, key: string, walk: Walk): unknown {
  if (!Array.isArray(list)) return copyJson(list);
  walk.path.enter(key);
  const result = new Array<unknown>(list.length);
  for (let index = 0; index < list.length; index += 1) {
    result[index] = strictifyChild(list[index], index, walk);
  }
  walk.path.leave();
  return result;
}

function isDropped(key: string, value: unknown, walk: Walk): boolean {
  if (walk.options.dropUnsupportedKeywords !== true) return false;
  const { rules } = walk.options;
  if (rules.droppableKeywords.has(key)) return true;
  return key === 'format' && typeof value === 'string' && !rules.formats.has(value);
}

/** Copies one keyword of a node into the strict result, recursing into subschemas. */
function copyKeyword(
  source: Record<string, unknown>,
  result: Record<string, unknown>,
  key: string,
  walk: Walk,
): void {
  const value = source[key];
  if (key === 'items') {
    result.items = Array.isArray(value)
      ? strictifyList(value, key, walk)
      : strictifyChild(value, key, walk);
  } else if (key === 'oneOf' && !Object.hasOwn(source, 'anyOf')) {
    // Strict mode has no oneOf; for generating a value, anyOf means the same.
    result.anyOf = strictifyList(value, key, walk);
  } else if (SCHEMA_LIST_KEYWORDS.has(key) || key === 'oneOf') {
    result[key] = strictifyList(value, key, walk);
  } else if (SINGLE_SCHEMA_KEYWORDS.has(key)) {
    result[key] = strictifyChild(value, key, walk);
  } else {
    result[key] = copyJson(value);
  }
}

function isObjectNode(node: Record<string, unknown>): boolean {
  const types = readTypes(node);
  return types.includes('object') || (node.type === undefined && Object.hasOwn(node, 'properties'));
}

/**
 * additionalProperties false; where the provider wants every property required, the optional
 * ones listed and made nullable, else `required` as written.
 */
function closeObject(
  source: Record<string, unknown>,
  result: Record<string, unknown>,
  walk: Walk,
): void {
  const properties = isSchemaNode(source.properties) ? source.properties : {};
  const names = Object.keys(properties);
  const required = new Set(Array.isArray(source.required) ? source.required : []);
  const everyRequired = walk.options.rules.requireEveryProperty;
  const strictProperties: Record<string, unknown> = {};
  walk.path.enter('properties');
  for (const name of names) {
    const strict = strictifyChild(properties[name], name, walk);
    // The rewritten node is new and ours, so it is made nullable in place, not copied again.
    const keepsValue = required.has(name) || !everyRequired;
    setOwnEntry(strictProperties, name, keepsValue ? strict : makeOwnNodeNullable(strict));
  }
  walk.path.leave();
  if (walk.options.rules.closesObjects === false) {
    if (result.type === undefined) result.type = 'object';
    result.properties = strictProperties;
    const listed = names.filter((name) => required.has(name)).sort();
    if (listed.length > 0) result.required = listed;
    return;
  }
  const open = source.additionalProperties;
  if (open !== undefined && open !== false) {
    walk.warn(
      'allows additional properties; strict mode requires additionalProperties: false, so they are no longer accepted',
    );
  } else if (open === undefined && names.length === 0) {
    walk.warn('is an object without properties; in strict mode it only accepts {}');
  }
  if (result.type === undefined) result.type = 'object';
  result.properties = strictProperties;
  // Sorted, as apcore does: the order carries no meaning, and a fixed one keeps output stable.
  result.required = everyRequired
    ? names.sort()
    : names.filter((name) => required.has(name)).sort();
  result.additionalProperties = false;
}

function flattenAllOf(node: Record<string, unknown>, walk: Walk): Record<string, unknown> {
  if (!Array.isArray(node.allOf)) return node;
  const outcome = mergeAllOf(node);
  if (outcome.merged !== undefined) return outcome.merged;
  walk.warn(
    `has an allOf that cannot be merged safely (${outcome.conflict}); strict mode does not support allOf`,
  );
  return node;
}

function strictifyNode(input: unknown, walk: Walk): unknown {
  if (!isSchemaNode(input)) return copyJson(input);
  const source = flattenAllOf(input, walk);
  const isObject = isObjectNode(source);
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (walk.options.rules.removedKeywords.has(key) || key.startsWith('x-')) continue;
    if (isObject && (key === 'properties' || key === 'required')) continue;
    if (isObject && key === 'additionalProperties' && walk.options.rules.closesObjects !== false) {
      continue;
    }
    if (isDropped(key, source[key], walk)) {
      walk.warn(
        `uses "${key}", which strict mode does not support; it is left out of the schema sent to ${walk.options.rules.provider}`,
      );
      continue;
    }
    copyKeyword(source, result, key, walk);
  }
  // The description written for models wins over the one written for people (the contract's
  // x-llm-description promotion, done before the x- keys are dropped).
  const forModels = source['x-llm-description'];
  if (typeof forModels === 'string' && forModels !== '') result.description = forModels;
  if (isObject) closeObject(source, result, walk);
  return result;
}

/**
 * Rewrites a JSON Schema (with its `$ref`s already inlined) for a provider's strict mode, as its
 * rule set says: `additionalProperties: false` on every object, (with `requireEveryProperty`)
 * every property required, the optional ones made
 * nullable (a `type` array with `"null"`, `null` added to an `enum`, a `{ type: 'null' }` branch
 * for an `anyOf`), `x-llm-description` promoted to `description` (the text written for models),
 * then `x-*` and the rule set's removed annotations (`default`, `title`, `examples`, ...) removed,
 * `oneOf` turned into `anyOf`, `allOf` merged away where that is safe, recursing into
 * nested objects, array items and combinators. Schemas that deliberately allow additional
 * properties get a warning and are closed. Never mutates its input.
 *
 * The result may still break a strict-mode rule (an unsupported keyword, a size limit): check it
 * with {@link checkStrictSchema}.
 *
 * @example
 * ```ts
 * toStrictSchema({ type: 'object', properties: { a: { type: 'string' } } }, { rules });
 * // { type: 'object', properties: { a: { type: ['string', 'null'] } }, required: ['a'],
 * //   additionalProperties: false }
 * ```
 */
export function toStrictSchema(schema: JsonSchema, options: ToStrictSchemaOptions): JsonSchema {
  const subject =
    options.subject ??
    (options.moduleId === undefined ? undefined : `module "${options.moduleId}"`);
  const owner = subject === undefined ? 'Schema' : `Schema of ${subject}`;
  const path = new SchemaPath();
  const walk: Walk = {
    options,
    path,
    warn(message) {
      const pointer = path.pointer();
      const where = pointer === '' ? 'the root schema' : pointer;
      options.logger?.warn(
        { moduleId: options.moduleId, path: pointer },
        `${owner}: ${where} ${message}`,
      );
    },
  };
  return strictifyNode(schema, walk) as JsonSchema;
}
