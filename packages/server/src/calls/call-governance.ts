import type { Identity } from '@apcore-mcp/core';
import type { ServedTool } from '../kernel/served-tool.js';
import { isInterimAnswer } from '../kernel/task-created-result.js';
import type { ToolCallResult } from '../kernel/tool-call-result.js';
import type { CallMiddleware, CheckedMiddleware } from './pipeline/call-middleware.js';
import type { CheckedCall, ToolCall } from './pipeline/tool-call.js';

/**
 * One tool call as governance sees it: the real module it runs, who makes it (the authenticated
 * subject, never a client-asserted id) and its arguments.
 *
 * @example
 * ```ts
 * const call: GovernedCall = { tool: 'orders-cancel', served, subject: 'alice', identity, arguments: {} };
 * ```
 */
export interface GovernedCall {
  /** The served tool's name, as the client called it. */
  readonly tool: string;
  /** The served entry: module id, definition, annotations, input schema. */
  readonly served: ServedTool;
  /** `identity.id`, or `@anonymous` (`ANONYMOUS_SUBJECT`) when the call has no identity. */
  readonly subject: string;
  readonly identity: Identity | undefined;
  /** The arguments the module gets (untrusted; never modify them). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The call's trace id when the server knows it (a `traceparent`, a span): see the router. */
  readonly traceId?: string | undefined;
}

/**
 * How one call ended, for governance to record.
 *
 * @example
 * ```ts
 * const settled: SettledCall = { result, durationMs: 3.2, ran: true };
 * ```
 */
export interface SettledCall {
  readonly result: ToolCallResult;
  readonly durationMs: number;
  /**
   * Whether the call passed its input check and governance (`admit`) and went on to the executor:
   * `false` means nothing ran, so nothing should be spent.
   */
  readonly ran: boolean;
}

/**
 * Decides before a call runs whether it may (rate limits, budgets): a refusal is the call's
 * answer, and nothing runs.
 *
 * @example
 * ```ts
 * const admission: CallAdmission = { admit: async (call) => (call.subject === 'blocked' ? refusal : undefined) };
 * ```
 */
export interface CallAdmission {
  admit(call: GovernedCall): Promise<ToolCallResult | undefined>;
  /** What `admit` would answer, counting nothing (a call's dry run); none: not checked. */
  check?(call: GovernedCall): Promise<ToolCallResult | undefined>;
}

/**
 * Hears every answered call, refused or run (a ledger, usage). Must not throw.
 *
 * @example
 * ```ts
 * const recorder: CallRecorder = { settle: (call, settled) => console.error(call.tool, settled.durationMs) };
 * ```
 */
export interface CallRecorder {
  settle(call: GovernedCall, settled: SettledCall): void;
}

/** Whether the call was routed to a module (an unknown tool was not): governance sees those. */
function isRouted(call: ToolCall): call is CheckedCall {
  return call.served !== undefined;
}

/**
 * The pipeline entry of an admission: a refused call is answered with the refusal.
 *
 * @example
 * ```ts
 * const limits = admitEntry(createLimitsGovernance({ limits, store, costOf, logger }));
 * ```
 */
export function admitEntry(admission: CallAdmission): CheckedMiddleware {
  return async (call, next) =>
    (call.extra.preflight === true ? await admission.check?.(call) : await admission.admit(call)) ??
    next();
}

/**
 * The pipeline entry of the recorders: each hears every answered call of a served tool (a
 * question is not an answer), with how long it took and whether it ran.
 *
 * @example
 * ```ts
 * const record = recordEntry([ledger, usageTracker]);
 * ```
 */
export function recordEntry(recorders: readonly CallRecorder[]): CallMiddleware {
  return async (call, next) => {
    const answer = await next();
    // A dry run is no call: the ledger and usage do not count it.
    if (!isRouted(call) || isInterimAnswer(answer) || call.extra.preflight === true) {
      return answer;
    }
    const settled = {
      result: answer,
      durationMs: performance.now() - call.startedAt,
      ran: call.ran,
    };
    for (const recorder of recorders) recorder.settle(call, settled);
    return answer;
  };
}
