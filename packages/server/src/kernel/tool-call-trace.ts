import type { CallStep, ModuleCall } from '@apcore-mcp/core/bridge';

/**
 * What an approval span records of the decision.
 *
 * @example
 * ```ts
 * const decision: ApprovalDecision = { approved: true, how: 'elicit' };
 * ```
 */
export interface ApprovalDecision {
  approved: boolean;
  /** Who decided: `policy`, `elicit` or `handler`. */
  how: string;
}

/**
 * The trace of one tool call, when the server traces calls: its trace id, and spans for the
 * module calls and approvals inside it. The tracing feature implements it on OpenTelemetry; the
 * call path only hands it on (the module call step to the executor, under
 * `MODULE_CALL_STEPS_KEY`).
 *
 * @example
 * ```ts
 * const decision = await (extra.trace?.traceApproval('files.delete', decide) ?? decide());
 * ```
 */
export interface ToolCallTrace {
  /** Runs each module call of the call tree, nested ones included, in a span of its own. */
  readonly moduleCallStep: CallStep<ModuleCall, unknown>;
  /** The trace id of the call's span; `undefined` when it has none (no OpenTelemetry SDK). */
  readonly traceId: string | undefined;
  /** Runs one approval in a span that records the decision. */
  traceApproval<T extends ApprovalDecision>(moduleId: string, run: () => Promise<T>): Promise<T>;
}
