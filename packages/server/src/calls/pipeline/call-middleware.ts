import { type CallStep, composeSteps } from '@apcore-mcp/core/bridge';
import type { CallAnswer } from '../call-observer.js';
import type { ToolCall } from './tool-call.js';

/**
 * One step around a tool call (core's `CallStep`, the shape the runtime also runs around each
 * module call): it may look at the call, answer it itself (a refusal), or hand it to `next` and
 * look at the answer. Every cross-cutting behaviour of a call (validation, approval, limits,
 * the ledger, metrics, tracing, ...) is one of these, in one ordered list.
 *
 * @example
 * ```ts
 * const timed: CallMiddleware = async (call, next) => {
 *   const answer = await next();
 *   call.logger.debug({ ms: performance.now() - call.startedAt }, 'answered');
 *   return answer;
 * };
 * ```
 */
export type CallMiddleware = CallStep<ToolCall, CallAnswer>;

/**
 * The last step: what the call does once every middleware let it through.
 *
 * @example
 * ```ts
 * const run: CallHandler = async (call) => toSuccessResult(call.tool, await executor.call(...));
 * ```
 */
export type CallHandler = (call: ToolCall) => Promise<CallAnswer>;

/**
 * Chains `middlewares` (the first one outermost) around `handler`: core's `composeSteps`, the
 * shape of koa's and hono's `compose`. Absent entries (features that are off) are skipped when
 * the chain is built, so a call pays only for what is on.
 *
 * @example
 * ```ts
 * const run = composeCall([tracing, limits], execute);
 * const answer = await run(call);
 * ```
 */
export function composeCall(
  middlewares: readonly (CallMiddleware | undefined)[],
  handler: CallHandler,
): CallHandler {
  return composeSteps(middlewares, handler);
}
