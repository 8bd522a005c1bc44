import type { InputRequiredResult } from '@modelcontextprotocol/server';
import type { ToolCallResult } from './tool-call-result.js';

/**
 * What a tool call answers: a result, or (2026-07-28) a question the client answers by retrying.
 *
 * @example
 * ```ts
 * const answer: CallAnswer = await router.handleCall('math-add', { a: 1, b: 2 }, extra);
 * ```
 */
export type CallAnswer = ToolCallResult | InputRequiredResult;

/**
 * One call as an observer sees it. `tool` is a served tool's name, or `undefined` when the client
 * named no served tool: a client-chosen string never reaches an observer.
 *
 * @example
 * ```ts
 * const call: ObservedCall = { tool: 'math-add' };
 * ```
 */
export interface ObservedCall {
  tool: string | undefined;
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
 * Watches every tool call, e.g. to count and time them. `observe` runs the call itself
 * (`run()`), so an observer can also wrap it (a tracing span, say); it must return what `run()`
 * resolves to, and `run()` never rejects. The router holds no observer unless one is given, so
 * calls cost nothing more without it.
 *
 * @example
 * ```ts
 * const observer: CallObserver = {
 *   async observe(call, run) {
 *     const started = performance.now();
 *     try { return await run(); } finally { record(call.tool, performance.now() - started); }
 *   },
 * };
 * ```
 */
export interface CallObserver {
  observe(call: ObservedCall, run: () => Promise<CallAnswer>): Promise<CallAnswer>;
  /** Hears every approval decision (before the call goes on or is refused). */
  approval?(decision: ObservedApproval): void;
}
