import type { InputRequiredResult } from '@modelcontextprotocol/server';
import type { TaskCreatedResult } from '../kernel/task-created-result.js';
import type { ToolCallResult } from '../kernel/tool-call-result.js';

/**
 * What a tool call answers: a result, or (2026-07-28) a question the client answers by retrying.
 *
 * @example
 * ```ts
 * const answer: CallAnswer = await router.handleCall('math-add', { a: 1, b: 2 }, extra);
 * ```
 */
export type CallAnswer = ToolCallResult | InputRequiredResult | TaskCreatedResult;

/**
 * One answered call as an observer sees it. `tool` is a served tool's name, or `undefined` when
 * the client named no served tool: a client-chosen string never reaches an observer.
 *
 * @example
 * ```ts
 * const call: AnsweredCall = { tool: 'math-add', answer: result, durationMs: 0.4 };
 * ```
 */
export interface AnsweredCall {
  tool: string | undefined;
  /** The result, or (2026-07-28) the question the call ended with. */
  answer: CallAnswer;
  /** From the router taking the call to its answer. */
  durationMs: number;
}

/**
 * One approval decision.
 *
 * @example
 * ```ts
 * const decision: ObservedApproval = { approved: false, how: 'policy' };
 * ```
 */
export interface ObservedApproval {
  approved: boolean;
  /** Who decided: the `approval` policy, the user (elicit), or the application's handler. */
  how: 'policy' | 'elicit' | 'handler';
}

/**
 * Hears every tool call once it is answered, e.g. to count and time them, and every approval
 * decision. Both are told synchronously, in the call's path: they must be quick and must not
 * throw. The router holds no observer unless one is given, so calls cost nothing more without.
 *
 * @example
 * ```ts
 * const observer: CallObserver = {
 *   answered: ({ tool, durationMs }) => record(tool, durationMs),
 * };
 * ```
 */
export interface CallObserver {
  /** Hears a call answered: a result (success or failure) or a question. */
  answered(call: AnsweredCall): void;
  /** Hears every approval decision (before the call goes on or is refused). */
  approval?(decision: ObservedApproval): void;
}
