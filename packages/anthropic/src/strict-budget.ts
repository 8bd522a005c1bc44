import { STRICT_LIMITS } from './anthropic-rules.js';
import { AnthropicToolError } from './anthropic-tool-error.js';
import type { AnthropicViolation } from './anthropic-violation.js';
import { countStrictParameters } from './strict-values.js';
import type { AnthropicTool } from './types.js';

/**
 * Strict tool use's complexity limits hold for a whole request: this tallies the strict tools
 * of one export, in order, and refuses a tool that would take the request past a limit (a
 * request holding it would be refused whole), so the tools admitted before it still go out.
 */
export class StrictBudget {
  #tools = 0;
  #optional = 0;
  #union = 0;

  /**
   * Counts `tool` in, or throws naming the limit it would break.
   *
   * @throws {AnthropicToolError} with rule `too-many-strict-tools`, `too-many-optional-parameters`
   *   or `too-many-union-parameters`.
   */
  admit(tool: AnthropicTool, about: { moduleId?: string; subject: string }): void {
    if (tool.strict !== true) return;
    const { optional, union } = countStrictParameters(tool.input_schema);
    const problems: [AnthropicViolation['rule'], string][] = [];
    if (this.#tools + 1 > STRICT_LIMITS.maxStrictTools) {
      problems.push([
        'too-many-strict-tools',
        `the export already holds ${this.#tools} strict tools, the most one request may hold`,
      ]);
    }
    if (this.#optional + optional > STRICT_LIMITS.maxOptionalParameters) {
      problems.push([
        'too-many-optional-parameters',
        `its ${optional} optional parameters would bring the request to ${this.#optional + optional}; strict tool use allows ${STRICT_LIMITS.maxOptionalParameters}`,
      ]);
    }
    if (this.#union + union > STRICT_LIMITS.maxUnionParameters) {
      problems.push([
        'too-many-union-parameters',
        `its ${union} union-typed parameters would bring the request to ${this.#union + union}; strict tool use allows ${STRICT_LIMITS.maxUnionParameters}`,
      ]);
    }
    if (problems.length === 0) {
      this.#tools += 1;
      this.#optional += optional;
      this.#union += union;
      return;
    }
    const owner = `${about.subject.charAt(0).toUpperCase()}${about.subject.slice(1)}`;
    const violations = problems.map(([rule, problem]): AnthropicViolation => {
      const violation: AnthropicViolation = {
        path: '',
        rule,
        message: `${owner}, root: ${problem}`,
      };
      if (about.moduleId !== undefined) violation.moduleId = about.moduleId;
      return violation;
    });
    const list = violations.map((violation) => `- ${violation.message}`).join('\n');
    throw new AnthropicToolError(
      `The tool of ${about.subject} does not fit in one request's strict tool use limits:\n${list}`,
      about.moduleId === undefined ? { violations } : { moduleId: about.moduleId, violations },
    );
  }
}
