import type { StrictRule } from '@apcore-mcp/tool-export';

/**
 * Which of Anthropic's rules a tool breaks: the shared strict-mode rules (`StrictRule`:
 * `unsupported-keyword`, `unsupported-format`, `additional-properties`, `invalid-name`, ...)
 * and Anthropic's own:
 * - `root-not-object`, `root-combinator`: `input_schema` is not a plain `type: "object"`
 *   schema, or has `anyOf`/`oneOf`/`allOf` at its root (refused even without strict);
 * - `unsupported-pattern`: a `pattern` with a regex feature strict tool use refuses;
 * - `unsupported-min-items`: `minItems` other than 0 or 1;
 * - `non-primitive-value`: an `enum` or `const` holding an object or a list;
 * - `too-many-optional-parameters`, `too-many-union-parameters`, `too-many-strict-tools`:
 *   the request's complexity limits of strict tool use;
 * - `invalid-example`: an input example that does not fit the schema.
 */
export type AnthropicRule =
  | StrictRule
  | 'root-combinator'
  | 'unsupported-pattern'
  | 'unsupported-min-items'
  | 'non-primitive-value'
  | 'too-many-optional-parameters'
  | 'too-many-union-parameters'
  | 'too-many-strict-tools'
  | 'invalid-example';

/**
 * One way a tool breaks Anthropic's rules, located by a JSON pointer into its `input_schema`.
 *
 * @example
 * ```ts
 * const violation: AnthropicViolation = {
 *   moduleId: 'search.run', path: '', rule: 'root-combinator',
 *   message: 'Module "search.run", root: "anyOf" is not allowed at the root of input_schema',
 * };
 * ```
 */
export interface AnthropicViolation {
  /** The module the tool stands for, when it is one module's. */
  moduleId?: string;
  /** JSON pointer of the offending node (`""` for the root or the tool itself). */
  path: string;
  rule: AnthropicRule;
  /** A sentence naming the module (or grouped tool), the path and the problem. */
  message: string;
}
