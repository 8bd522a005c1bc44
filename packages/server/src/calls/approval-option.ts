import type { Identity } from '@apcore-mcp/core';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';

/**
 * What a custom approval handler is asked about: the module about to run, its description, the
 * arguments it will run with, and the caller when the transport knows one.
 *
 * @example
 * ```ts
 * const request: ToolApprovalRequest = {
 *   moduleId: 'files.delete',
 *   description: 'Delete a file.',
 *   arguments: { path: '/tmp/report.txt' },
 * };
 * ```
 */
export interface ToolApprovalRequest {
  moduleId: string;
  description: string;
  arguments: Record<string, unknown>;
  identity?: Identity;
}

/**
 * Decides whether a module annotated `requiresApproval` may run: `true` runs it, anything else
 * (including a throw) denies it.
 *
 * @example
 * ```ts
 * const approval: ToolApprovalHandler = ({ moduleId, identity }) =>
 *   identity?.roles?.includes('admin') === true || moduleId.startsWith('reports.');
 * ```
 */
export type ToolApprovalHandler = (request: ToolApprovalRequest) => boolean | Promise<boolean>;

/**
 * The built-in approval policies: `'elicit'` asks the user through the MCP client
 * (elicitation), `'deny'` refuses every such call, `'allow'` runs them unasked.
 *
 * @example
 * ```ts
 * const mode: ApprovalMode = 'elicit';
 * ```
 */
export type ApprovalMode = 'elicit' | 'deny' | 'allow';

/**
 * The `approval` option: a built-in policy or your own handler.
 *
 * @example
 * ```ts
 * await serve(registry, { approval: 'deny' });
 * await serve(registry, { approval: async ({ moduleId }) => moduleId !== 'db.drop' });
 * ```
 */
export type ApprovalOption = ApprovalMode | ToolApprovalHandler;

/**
 * The built-in approval policies, as the `approval` option spells them.
 *
 * @example
 * ```ts
 * APPROVAL_MODES.includes('deny'); // true
 * ```
 */
export const APPROVAL_MODES: readonly ApprovalMode[] = ['elicit', 'deny', 'allow'];

/**
 * Validates the `approval` option (modes are case-insensitive); default `'elicit'`.
 *
 * @throws {InvalidOptionError} neither a string nor a function, or an unknown mode.
 */
export function resolveApproval(value: unknown): ApprovalOption {
  if (value === undefined) return 'elicit';
  if (typeof value === 'function') return value as ToolApprovalHandler;
  const expected = `one of ${APPROVAL_MODES.join(', ')} or a function (request) => boolean`;
  if (typeof value !== 'string') {
    const got = value === null ? 'null' : typeof value;
    const sentence = [{ option: 'approval' }, ` must be ${expected}, got ${got}`];
    throw new InvalidOptionError({ option: 'approval', value, expected, sentence });
  }
  const normalized = value.toLowerCase();
  const mode = APPROVAL_MODES.find((candidate) => candidate === normalized);
  if (mode === undefined) {
    const sentence = [
      'Unknown ',
      { option: 'approval' },
      ` mode: '${value}'. Must be one of: ${APPROVAL_MODES.join(', ')}`,
    ];
    throw new InvalidOptionError({ option: 'approval', value, expected, sentence });
  }
  return mode;
}
