import { type CallStep, composeSteps } from '@apcore-mcp/core/bridge';
import type { CallAnswer } from '../call-observer.js';
import type { CheckedCall, OpenedToolCall, ToolCall } from './tool-call.js';

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
 * A step of a call past the input check (limits, tasks, rounds): its module is known.
 *
 * @example
 * ```ts
 * const costly: CheckedMiddleware = (call, next) => (call.served.moduleId === 'x' ? refuse() : next());
 * ```
 */
export type CheckedMiddleware = CallStep<CheckedCall, CallAnswer>;

/**
 * A step of a call whose module context is built (approval).
 *
 * @example
 * ```ts
 * const approve: OpenedMiddleware = async (call, next) => (await ask(call.opened), next());
 * ```
 */
export type OpenedMiddleware = CallStep<OpenedToolCall, CallAnswer>;

/**
 * A step that moves a call to its next stage: it hands `next` the call as the later steps see
 * it (the input check hands on a {@link CheckedCall}, `open` an {@link OpenedToolCall}).
 *
 * @example
 * ```ts
 * const check: CallStage<ToolCall, CheckedCall> = (call, next) => next(checked(call));
 * ```
 */
export type CallStage<From, To> = (
  call: From,
  next: (call: To) => Promise<CallAnswer>,
) => Promise<CallAnswer>;

/**
 * A handler of calls at one stage: the rest of the pipeline from there, or its last step (the
 * executor, on an {@link OpenedToolCall}).
 *
 * @example
 * ```ts
 * const run: CallHandler = async (call) => toSuccessResult(call.tool, await executor.call(...));
 * ```
 */
export type CallHandler<Call = ToolCall> = (call: Call) => Promise<CallAnswer>;

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
export function composeCall<Call>(
  middlewares: readonly (CallStep<Call, CallAnswer> | undefined)[],
  handler: CallHandler<Call>,
): CallHandler<Call> {
  return composeSteps(middlewares, handler);
}

/**
 * `handler` reached through `stage`: the rest of the pipeline, at the stage's earlier type.
 *
 * @example
 * ```ts
 * const run = throughStage(checkInput, composeCall(checkedSteps, runOpened));
 * ```
 */
export function throughStage<From, To>(
  stage: CallStage<From, To>,
  handler: CallHandler<To>,
): CallHandler<From> {
  return (call) => stage(call, handler);
}
