import type { CallStep, ModuleCall } from '@apcore-mcp/core/bridge';

/**
 * What an approval span records of the decision.
 *
 * @example
 * ```ts
 * const decision: TracedApproval = { approved: true, how: 'elicit' };
 * ```
 */
export interface TracedApproval {
  approved: boolean;
  /** Who decided: `policy`, `elicit` or `handler`. */
  how: string;
}

/**
 * The spans of one tool call, handed down the call: its trace id, a child span per module call
 * of the call tree (its `moduleCallStep` goes in the context's `MODULE_CALL_STEPS_KEY` list, so
 * the runtime's executor runs nested calls through it too) and one per approval.
 *
 * @example
 * ```ts
 * const decision = await (extra.trace?.traceApproval('files.delete', decide) ?? decide());
 * ```
 */
export interface CallSpans {
  /** Runs each module call of the call tree, nested ones included, in a span of its own. */
  readonly moduleCallStep: CallStep<ModuleCall, unknown>;
  /** The trace id of the call's span; `undefined` when it has none (no OpenTelemetry SDK). */
  readonly traceId: string | undefined;
  /** Runs one approval in a span that records the decision. */
  traceApproval<T extends TracedApproval>(moduleId: string, run: () => Promise<T>): Promise<T>;
}

/**
 * What the tracing reads of a call's request: the W3C trace context the client sent in its
 * `_meta`, the protocol revision, session and JSON-RPC id; the tracing adds `trace`.
 *
 * @example
 * ```ts
 * const extra: TracedCallExtra = { traceCarrier: { traceparent }, era: '2026-07-28', requestId: 7 };
 * ```
 */
export interface TracedCallExtra {
  /** The W3C trace context of the request's `_meta` (`traceparent`, `tracestate`). */
  traceCarrier?: Record<string, string>;
  protocolVersion?: string;
  /** Which revision's rules the request follows (`2025-11-25` or `2026-07-28`). */
  era?: string;
  sessionId?: string;
  requestId?: string | number;
  /** Set by the tracing for everything below it: the call's {@link CallSpans}. */
  trace?: CallSpans;
}

/**
 * One tool call as the tracing entry sees it: the tool's name as the client called it, and its
 * request's {@link TracedCallExtra}, replaced by one that carries the call's spans.
 *
 * @example
 * ```ts
 * const call: TracedCall = { tool: 'math-add', extra: {} };
 * ```
 */
export interface TracedCall {
  readonly tool: string;
  extra: TracedCallExtra;
}

/**
 * The served tools, as far as spans name them: the module a tool runs (a grouped tool, which
 * runs one of several, has `actions` and names none).
 *
 * @example
 * ```ts
 * const tools: TracedTools = { get: (name) => (name === 'math-add' ? { moduleId: 'math.add' } : undefined) };
 * ```
 */
export interface TracedTools {
  get(name: string): { moduleId: string; actions?: unknown } | undefined;
}

/**
 * A step around a tool call that runs everything after it (`next`) inside the call's span and
 * records how the call ended. It never answers by itself: what `next` answers, it answers.
 *
 * @example
 * ```ts
 * const answer = await entry(call, () => handle(call));
 * ```
 */
export type CallTracingEntry = <Answer extends object>(
  call: TracedCall,
  next: () => Promise<Answer>,
) => Promise<Answer>;
