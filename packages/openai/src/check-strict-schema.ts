import type { JsonSchema } from '@apcore-mcp/core';
import { isValidFunctionName } from './normalize.js';
import { isSchemaNode, readTypes, SchemaPath } from './schema-node.js';
import { StrictModeError, type StrictModeErrorDetails } from './strict-mode-error.js';
import {
  GENERIC_KEYWORDS,
  KEYWORDS_BY_TYPE,
  STRICT_FORMATS,
  STRICT_LIMITS,
  STRICT_TYPES,
} from './strict-mode-rules.js';
import type { StrictRule, StrictViolation } from './strict-violation.js';

/** Options of {@link checkStrictSchema}. */
export interface CheckStrictSchemaOptions {
  /** Named in every violation. */
  moduleId?: string;
  /** The function name to check against `^[a-zA-Z0-9_-]{1,64}$`, when given. */
  name?: string;
}

interface Check {
  violations: StrictViolation[];
  /** Where the walk stands: the node being checked. */
  readonly path: SchemaPath;
  /** Reports a violation at {@link path}. */
  report(rule: StrictRule, problem: string): void;
  properties: number;
  characters: number;
  enumValues: number;
}

/** Whether strict mode allows `key` on a node of these types. */
function isAllowedKeyword(key: string, types: readonly string[]): boolean {
  // Looked up in place rather than merged into a new set: this runs for every keyword.
  if (GENERIC_KEYWORDS.has(key)) return true;
  for (const type of types) {
    if (Object.hasOwn(KEYWORDS_BY_TYPE, type) && KEYWORDS_BY_TYPE[type]?.has(key)) return true;
  }
  return false;
}

function checkKeywords(node: Record<string, unknown>, types: string[], check: Check): void {
  for (const key of Object.keys(node)) {
    if (isAllowedKeyword(key, types)) continue;
    const forTypes = types.length === 0 ? '' : ` for type ${types.join(' | ')}`;
    check.report('unsupported-keyword', `"${key}" is not supported in strict mode${forTypes}`);
  }
}

function checkTypes(node: Record<string, unknown>, types: string[], check: Check): void {
  if (node.type === undefined) {
    const typeless = ['anyOf', 'enum', 'const'].some((key) => Object.hasOwn(node, key));
    if (!typeless) check.report('missing-type', 'has no "type" (nor enum, const or anyOf)');
    return;
  }
  if (types.length === 0)
    check.report('unsupported-type', '"type" is neither a string nor a list of strings');
  for (const type of types) {
    if (!STRICT_TYPES.has(type))
      check.report('unsupported-type', `type "${type}" is not supported in strict mode`);
  }
  const format = node.format;
  if (
    types.includes('string') &&
    format !== undefined &&
    !(typeof format === 'string' && STRICT_FORMATS.has(format))
  ) {
    check.report(
      'unsupported-format',
      `format ${JSON.stringify(format)} is not supported in strict mode`,
    );
  }
}

function characterCount(value: unknown): number {
  return typeof value === 'string' ? value.length : String(JSON.stringify(value) ?? '').length;
}

function checkValues(node: Record<string, unknown>, check: Check): void {
  if (Object.hasOwn(node, 'const')) check.characters += characterCount(node.const);
  if (!Object.hasOwn(node, 'enum')) return;
  if (!Array.isArray(node.enum) || node.enum.length === 0) {
    check.report('invalid-schema', '"enum" is not a non-empty list');
    return;
  }
  const values = node.enum;
  check.enumValues += values.length;
  const characters = values.reduce<number>((sum, value) => sum + characterCount(value), 0);
  check.characters += characters;
  const strings = values.filter((value) => typeof value === 'string');
  const stringCharacters = strings.reduce<number>((sum, value) => sum + value.length, 0);
  if (
    strings.length > STRICT_LIMITS.largeStringEnumValues &&
    stringCharacters > STRICT_LIMITS.maxLargeStringEnumCharacters
  ) {
    check.report(
      'string-enum-too-long',
      `a string enum of ${strings.length} values holds ${stringCharacters} characters; above ${STRICT_LIMITS.largeStringEnumValues} values the limit is ${STRICT_LIMITS.maxLargeStringEnumCharacters}`,
    );
  }
}

function checkObject(node: Record<string, unknown>, depth: number, check: Check): void {
  if (node.additionalProperties !== false) {
    check.report('additional-properties', 'is an object without "additionalProperties": false');
  }
  const properties = isSchemaNode(node.properties) ? node.properties : {};
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  check.path.enter('properties');
  for (const name of Object.keys(properties)) {
    check.path.enter(name);
    check.properties += 1;
    check.characters += name.length;
    if (!required.has(name)) {
      check.report('not-required', `property "${name}" is not listed in "required"`);
    }
    checkNode(properties[name], depth, check);
    check.path.leave();
  }
  check.path.leave();
}

// Not json-schema-traverse: converters install nothing third-party, and this walk enters only
// what strict mode allows (properties of objects, list items, anyOf) while the library enters all.
function checkNode(node: unknown, parentDepth: number, check: Check): void {
  if (!isSchemaNode(node)) {
    check.report('invalid-schema', 'is not a schema object');
    return;
  }
  const types = readTypes(node);
  checkTypes(node, types, check);
  checkKeywords(node, types, check);
  checkValues(node, check);
  const isObject = types.includes('object');
  const depth = isObject ? parentDepth + 1 : parentDepth;
  if (isObject && depth === STRICT_LIMITS.maxNestingDepth + 1) {
    check.report(
      'too-deep',
      `nests objects ${depth} levels deep; the limit is ${STRICT_LIMITS.maxNestingDepth}`,
    );
  }
  if (isObject) checkObject(node, depth, check);
  if (types.includes('array') && node.items !== undefined) {
    check.path.enter('items');
    if (Array.isArray(node.items)) {
      check.report('unsupported-keyword', 'tuple "items" (a list) is not supported in strict mode');
    } else {
      checkNode(node.items, depth, check);
    }
    check.path.leave();
  }
  if (Array.isArray(node.anyOf)) {
    check.path.enter('anyOf');
    for (let index = 0; index < node.anyOf.length; index += 1) {
      check.path.enter(index);
      checkNode(node.anyOf[index], depth, check);
      check.path.leave();
    }
    check.path.leave();
  }
}

function checkRoot(schema: unknown, check: Check): void {
  if (!isSchemaNode(schema) || schema.type !== 'object' || Object.hasOwn(schema, 'anyOf')) {
    check.report(
      'root-not-object',
      'the root must be a plain { "type": "object" } schema (not an anyOf, not nullable)',
    );
  }
}

function checkTotals(check: Check): void {
  if (check.properties > STRICT_LIMITS.maxProperties) {
    check.report(
      'too-many-properties',
      `has ${check.properties} object properties in total; the limit is ${STRICT_LIMITS.maxProperties}`,
    );
  }
  if (check.characters > STRICT_LIMITS.maxCharacters) {
    check.report(
      'too-many-characters',
      `holds ${check.characters} characters across property names and enum/const values; the limit is ${STRICT_LIMITS.maxCharacters}`,
    );
  }
  if (check.enumValues > STRICT_LIMITS.maxEnumValues) {
    check.report(
      'too-many-enum-values',
      `has ${check.enumValues} enum values in total; the limit is ${STRICT_LIMITS.maxEnumValues}`,
    );
  }
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
  const { moduleId, name } = options;
  const owner = moduleId === undefined ? 'Schema' : `Module "${moduleId}"`;
  const path = new SchemaPath();
  const check: Check = {
    violations: [],
    path,
    properties: 0,
    characters: 0,
    enumValues: 0,
    report(rule, problem) {
      const pointer = path.pointer();
      const where = pointer === '' ? 'root' : pointer;
      const message = `${owner}, ${where}: ${problem}`;
      const violation: StrictViolation = { path: pointer, rule, message };
      if (moduleId !== undefined) violation.moduleId = moduleId;
      check.violations.push(violation);
    },
  };
  if (name !== undefined && !isValidFunctionName(name)) {
    check.report('invalid-name', `function name "${name}" does not match ^[a-zA-Z0-9_-]{1,64}$`);
  }
  checkRoot(schema, check);
  checkNode(schema, 0, check);
  checkTotals(check);
  return check.violations;
}

/**
 * {@link checkStrictSchema}, throwing instead of returning: a {@link StrictModeError} carrying
 * every violation, its message listing them.
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
  const violations = checkStrictSchema(schema, options);
  if (violations.length === 0) return;
  const owner =
    options.moduleId === undefined ? 'The schema' : `The schema of module "${options.moduleId}"`;
  const list = violations.map((violation) => `- ${violation.message}`).join('\n');
  const details: StrictModeErrorDetails = { violations };
  if (options.moduleId !== undefined) details.moduleId = options.moduleId;
  throw new StrictModeError(`${owner} breaks OpenAI's strict mode:\n${list}`, details);
}
