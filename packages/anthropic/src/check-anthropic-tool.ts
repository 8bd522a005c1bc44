import type { JsonSchema } from '@apcore-mcp/core';
import { checkStrictSchema } from '@apcore-mcp/tool-export';
import {
  ANTHROPIC_STRICT_RULES,
  ANTHROPIC_TOOL_NAME_PATTERN,
  ROOT_COMBINATORS,
  STRICT_LIMITS,
} from './anthropic-rules.js';
import { AnthropicToolError, type AnthropicToolErrorDetails } from './anthropic-tool-error.js';
import type { AnthropicRule, AnthropicViolation } from './anthropic-violation.js';
import { checkExamples } from './check-examples.js';
import { checkStrictValues, countStrictParameters } from './strict-values.js';
import type { AnthropicTool } from './types.js';

/** Options of {@link checkAnthropicTool}. */
export interface CheckAnthropicToolOptions {
  /** Named in every violation. */
  moduleId?: string;
  /** What the messages name when the tool is not one module's (`grouped tool "orders"`). */
  subject?: string;
}

/** Collects violations, each message naming its owner and where. */
class Report {
  readonly violations: AnthropicViolation[] = [];
  readonly #owner: string;
  readonly #moduleId: string | undefined;

  constructor(options: CheckAnthropicToolOptions) {
    const subject =
      options.subject ?? (options.moduleId === undefined ? 'tool' : `module "${options.moduleId}"`);
    this.#owner = `${subject.charAt(0).toUpperCase()}${subject.slice(1)}`;
    this.#moduleId = options.moduleId;
  }

  add(path: string, rule: AnthropicRule, problem: string): void {
    const where = path === '' ? 'root' : path;
    const violation: AnthropicViolation = {
      path,
      rule,
      message: `${this.#owner}, ${where}: ${problem}`,
    };
    if (this.#moduleId !== undefined) violation.moduleId = this.#moduleId;
    this.violations.push(violation);
  }

  /** Takes a violation already worded by the shared checker. */
  push(violation: AnthropicViolation): void {
    this.violations.push(violation);
  }
}

function checkRoot(schema: unknown, report: Report): boolean {
  const root = typeof schema === 'object' && schema !== null ? (schema as JsonSchema) : undefined;
  let fine = true;
  if (root === undefined || Array.isArray(root) || root.type !== 'object') {
    report.add('', 'root-not-object', 'input_schema must be a schema with "type": "object"');
    fine = false;
  }
  for (const key of ROOT_COMBINATORS) {
    if (root !== undefined && Object.hasOwn(root, key)) {
      report.add('', 'root-combinator', `"${key}" is not allowed at the root of input_schema`);
      fine = false;
    }
  }
  return fine;
}

function checkStrict(
  tool: AnthropicTool,
  options: CheckAnthropicToolOptions,
  report: Report,
): void {
  const schema = tool.input_schema;
  for (const violation of checkStrictSchema(schema, {
    ...options,
    rules: ANTHROPIC_STRICT_RULES,
  })) {
    // The root was judged above, once, in Anthropic's words.
    if (violation.rule !== 'root-not-object') report.push(violation);
  }
  checkStrictValues(schema, (path, rule, problem) => report.add(path, rule, problem));
  const counts = countStrictParameters(schema);
  if (counts.optional > STRICT_LIMITS.maxOptionalParameters) {
    report.add(
      '',
      'too-many-optional-parameters',
      `has ${counts.optional} optional parameters; strict tool use allows ${STRICT_LIMITS.maxOptionalParameters} in a whole request`,
    );
  }
  if (counts.union > STRICT_LIMITS.maxUnionParameters) {
    report.add(
      '',
      'too-many-union-parameters',
      `has ${counts.union} parameters with a union type; strict tool use allows ${STRICT_LIMITS.maxUnionParameters} in a whole request`,
    );
  }
}

/**
 * Checks one tool definition against the Messages API's documented rules: a name matching
 * `^[a-zA-Z0-9_-]{1,64}$`, an `input_schema` whose root is `type: "object"` with no
 * `anyOf`/`oneOf`/`allOf` at the root (nested ones, and nested `$ref`/`$defs`, are fine),
 * input examples that fit the schema; and, for a `strict` tool, strict tool use's JSON Schema
 * subset (types, keywords per type, formats, `additionalProperties: false` on every object,
 * primitive `enum`/`const`, simple `pattern`s, `minItems` 0 or 1) and its complexity limits
 * (24 optional and 16 union-typed parameters). Returns every violation, empty when the tool is
 * fine. Never mutates its input.
 *
 * @example
 * ```ts
 * checkAnthropicTool({ name: 'a.b', description: '', input_schema: { type: 'object' } });
 * // [{ path: '', rule: 'invalid-name', message: 'Schema, root: tool name "a.b" does not match ...' }]
 * ```
 */
export function checkAnthropicTool(
  tool: AnthropicTool,
  options: CheckAnthropicToolOptions = {},
): AnthropicViolation[] {
  const report = new Report(options);
  if (typeof tool.name !== 'string' || !ANTHROPIC_TOOL_NAME_PATTERN.test(tool.name)) {
    report.add(
      '',
      'invalid-name',
      `tool name ${JSON.stringify(tool.name)} does not match ${ANTHROPIC_TOOL_NAME_PATTERN.source}`,
    );
  }
  const rootFits = checkRoot(tool.input_schema, report);
  if (rootFits && tool.strict === true) checkStrict(tool, options, report);
  if (rootFits && tool.input_examples !== undefined) {
    checkExamples(tool.input_schema, tool.input_examples, (path, problem) =>
      report.add(path, 'invalid-example', problem),
    );
  }
  return report.violations;
}

/**
 * {@link checkAnthropicTool}, throwing instead of returning: an {@link AnthropicToolError}
 * carrying every violation, its message listing them.
 *
 * @example
 * ```ts
 * assertAnthropicTool(tool, { moduleId: 'catalog.get_product' }); // throws if the API would refuse it
 * ```
 */
export function assertAnthropicTool(
  tool: AnthropicTool,
  options: CheckAnthropicToolOptions = {},
): void {
  const violations = checkAnthropicTool(tool, options);
  if (violations.length === 0) return;
  const subject =
    options.subject ??
    (options.moduleId === undefined ? undefined : `module "${options.moduleId}"`);
  const owner = subject === undefined ? 'The tool' : `The tool of ${subject}`;
  const list = violations.map((violation) => `- ${violation.message}`).join('\n');
  const details: AnthropicToolErrorDetails = { violations };
  if (options.moduleId !== undefined) details.moduleId = options.moduleId;
  throw new AnthropicToolError(
    `${owner} would be refused by Anthropic's Messages API:\n${list}`,
    details,
  );
}
