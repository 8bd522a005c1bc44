import type { JsonSchema } from '@apcore-mcp/core';
import { isSchemaNode, readTypes, SchemaPath } from './schema-node.js';
import { StrictModeError, type StrictModeErrorDetails } from './strict-mode-error.js';
import type { StrictRuleSet } from './strict-rule-set.js';
import type { StrictRule, StrictViolation } from './strict-violation.js';

/** Options of {@link checkStrictSchema}. */
export interface CheckStrictSchemaOptions {
  /** The provider's strict subset the schema is checked against. */
  rules: StrictRuleSet;
  /** Named in every violation. */
  moduleId?: string;
  /**
   * What the messages name when the schema is not one module's (`grouped tool "orders"`);
   * default `module "<moduleId>"`.
   */
  subject?: string;
  /** The tool name to check against the rule set's `namePattern`, when given. */
  name?: string;
}

interface Check {
  readonly rules: StrictRuleSet;
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
function isAllowedKeyword(key: string, types: readonly string[], rules: StrictRuleSet): boolean {
  // Looked up in place rather than merged into a new set: this runs for every keyword.
  if (rules.genericKeywords.has(key)) return true;
  const byType = rules.keywordsByType;
  for (const type of types) {
    if (Object.hasOwn(byType, type) && byType[type]?.has(key)) return true;
  }
  return false;
}

function checkKeywords(node: Record<string, unknown>, types: string[], check: Check): void {
  for (const key of Object.keys(node)) {
    if (isAllowedKeyword(key, types, check.rules)) continue;
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
    if (!check.rules.types.has(type))
      check.report('unsupported-type', `type "${type}" is not supported in strict mode`);
  }
  const format = node.format;
  if (
    types.includes('string') &&
    format !== undefined &&
    !(typeof format === 'string' && check.rules.formats.has(format))
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
  const limits = check.rules.limits;
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
    strings.length > limits.largeStringEnumValues &&
    stringCharacters > limits.maxLargeStringEnumCharacters
  ) {
    check.report(
      'string-enum-too-long',
      `a string enum of ${strings.length} values holds ${stringCharacters} characters; above ${limits.largeStringEnumValues} values the limit is ${limits.maxLargeStringEnumCharacters}`,
    );
  }
}

function checkObject(node: Record<string, unknown>, depth: number, check: Check): void {
  if (check.rules.closesObjects !== false && node.additionalProperties !== false) {
    check.report('additional-properties', 'is an object without "additionalProperties": false');
  }
  const properties = isSchemaNode(node.properties) ? node.properties : {};
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  check.path.enter('properties');
  for (const name of Object.keys(properties)) {
    check.path.enter(name);
    check.properties += 1;
    check.characters += name.length;
    if (check.rules.requireEveryProperty && !required.has(name)) {
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
  const { maxNestingDepth } = check.rules.limits;
  if (isObject && depth === maxNestingDepth + 1) {
    check.report('too-deep', `nests objects ${depth} levels deep; the limit is ${maxNestingDepth}`);
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

/** What the messages name: the given subject, else the module, else nothing. */
function subjectOf({ subject, moduleId }: CheckStrictSchemaOptions): string | undefined {
  return subject ?? (moduleId === undefined ? undefined : `module "${moduleId}"`);
}

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
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
  const limits = check.rules.limits;
  if (check.properties > limits.maxProperties) {
    check.report(
      'too-many-properties',
      `has ${check.properties} object properties in total; the limit is ${limits.maxProperties}`,
    );
  }
  if (check.characters > limits.maxCharacters) {
    check.report(
      'too-many-characters',
      `holds ${check.characters} characters across property names and enum/const values; the limit is ${limits.maxCharacters}`,
    );
  }
  if (check.enumValues > limits.maxEnumValues) {
    check.report(
      'too-many-enum-values',
      `has ${check.enumValues} enum values in total; the limit is ${limits.maxEnumValues}`,
    );
  }
}

/**
 * Checks a schema (and optionally a tool name) against a provider's strict subset, given as a
 * {@link StrictRuleSet}: an object root, every object closed with `additionalProperties: false`
 * (and every property required where the rules say so), the rule set's types, keywords per type
 * and formats, its size limits. Returns every violation (empty when the schema is fine), each
 * with the module id and the JSON pointer of the offending node. Never mutates its input.
 *
 * @example
 * ```ts
 * checkStrictSchema(toStrictSchema(schema, { rules }), { rules, moduleId: 'crm.contact' });
 * // [{ moduleId: 'crm.contact', path: '/properties/zip', rule: 'unsupported-keyword', message: '...' }]
 * ```
 */
export function checkStrictSchema(
  schema: JsonSchema,
  options: CheckStrictSchemaOptions,
): StrictViolation[] {
  const { moduleId, name, rules } = options;
  const owner = capitalize(subjectOf(options) ?? 'schema');
  const path = new SchemaPath();
  const check: Check = {
    rules,
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
  if (name !== undefined && !rules.namePattern.test(name)) {
    check.report(
      'invalid-name',
      `function name "${name}" does not match ${rules.namePattern.source}`,
    );
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
 * assertStrictSchema(toStrictSchema(schema, { rules }), { rules, moduleId }); // throws if unfit
 * ```
 */
export function assertStrictSchema(schema: JsonSchema, options: CheckStrictSchemaOptions): void {
  const violations = checkStrictSchema(schema, options);
  if (violations.length === 0) return;
  const subject = subjectOf(options);
  const owner = subject === undefined ? 'The schema' : `The schema of ${subject}`;
  const list = violations.map((violation) => `- ${violation.message}`).join('\n');
  const details: StrictModeErrorDetails = { violations };
  if (options.moduleId !== undefined) details.moduleId = options.moduleId;
  throw new StrictModeError(
    `${owner} breaks ${options.rules.provider}'s strict mode:\n${list}`,
    details,
  );
}
