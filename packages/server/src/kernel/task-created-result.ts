import { type InputRequiredResult, isInputRequiredResult } from '@modelcontextprotocol/server';
import type { ToolCallResult } from './tool-call-result.js';

/**
 * The answer to a call that became an MCP task: the task's fields (2026-07-28: at the top level,
 * `resultType: "task"`). The task's own result comes later, through `tasks/get`.
 *
 * @example
 * ```ts
 * const answer: TaskCreatedResult = { resultType: 'task', taskId, status: 'working' };
 * ```
 */
export type TaskCreatedResult = {
  resultType: 'task';
  taskId: string;
  status: string;
  [field: string]: unknown;
};

/**
 * Whether a call's answer is a task it became.
 *
 * @example
 * ```ts
 * if (isTaskCreatedResult(answer)) return answer; // nothing to record yet
 * ```
 */
export function isTaskCreatedResult(answer: unknown): answer is TaskCreatedResult {
  return (answer as { resultType?: unknown } | null)?.resultType === 'task';
}

/**
 * Whether a call's answer is not its result yet: questions for the client (`input_required`), or
 * the task it became. The entries that look at results (size, errors, the ledger) let such an
 * answer pass; the result comes with a later round or the task's attempt.
 *
 * @example
 * ```ts
 * if (isInterimAnswer(answer)) return answer;
 * ```
 */
export function isInterimAnswer(
  answer: ToolCallResult | InputRequiredResult | TaskCreatedResult,
): answer is InputRequiredResult | TaskCreatedResult {
  return isInputRequiredResult(answer) || isTaskCreatedResult(answer);
}
