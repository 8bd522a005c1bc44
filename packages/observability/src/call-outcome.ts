import { isInputRequired, type ObservedAnswer, readErrorCode } from './observed-call.js';

/** The `outcome` of a call that ended with a question (2026-07-28): the client retries. */
export const INPUT_REQUIRED_OUTCOME = 'input_required';

/** The `outcome` of a call that became an MCP task: its attempts then count as calls of their own. */
export const TASK_OUTCOME = 'task';

/** The `outcome` of a failure without a usable `apcore/errorCode`. */
export const UNKNOWN_ERROR_OUTCOME = 'error';

/** What an error code looks like; anything else is not used as a label value. */
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * The `outcome` label of one answered call: `ok`, the result's `apcore/errorCode` (a bounded set
 * of upper-case codes), `input_required`, `task` for a call that became a task (its attempts are
 * counted with their own outcome), or `error` for a failure without such a code.
 *
 * @example
 * ```ts
 * callOutcome({ content: [], isError: true, _meta: { 'apcore/errorCode': 'ACL_DENIED' } }); // 'ACL_DENIED'
 * ```
 */
export function callOutcome(answer: ObservedAnswer): string {
  if (isInputRequired(answer)) return INPUT_REQUIRED_OUTCOME;
  if (answer.resultType === 'task') return TASK_OUTCOME;
  if (answer.isError !== true) return 'ok';
  const code = readErrorCode(answer);
  return code !== undefined && ERROR_CODE.test(code) ? code : UNKNOWN_ERROR_OUTCOME;
}
