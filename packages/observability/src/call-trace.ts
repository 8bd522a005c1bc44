import { endsCallAttempt } from '@apcore-mcp/core';
import type { CallStep, ModuleCall } from '@apcore-mcp/core/bridge';
import {
  type Attributes,
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { CallSpans, TracedApproval } from './traced-call.js';

/** The attribute naming the apcore module a span is about. */
export const MODULE_ID_ATTRIBUTE = 'apcore.module.id';

/** The attribute saying how a call ended: `success`, `error` or `input_required`. */
export const OUTCOME_ATTRIBUTE = 'apcore.call.outcome';

/**
 * The trace of one tool call, handed down the call: every module call of its call tree (the
 * executor runs them through {@link CallTrace.moduleCallStep}) and every approval get a child
 * span.
 *
 * @example
 * ```ts
 * const trace = new CallTrace(tracer, contextWithToolCallSpan);
 * await trace.moduleCallStep({ moduleId: 'math.add' }, () => executor.call('math.add', inputs, context));
 * ```
 */
export class CallTrace implements CallSpans {
  /** The OpenTelemetry trace id of the call's span; `undefined` when it has none (no SDK). */
  readonly traceId: string | undefined;
  readonly #tracer: Tracer;
  /** The context holding the tool call's span. */
  readonly #call: Context;

  constructor(tracer: Tracer, call: Context) {
    this.#tracer = tracer;
    this.#call = call;
    const spanContext = trace.getSpanContext(call);
    this.traceId =
      spanContext !== undefined && trace.isSpanContextValid(spanContext)
        ? spanContext.traceId
        : undefined;
  }

  /** Runs one module call of the call tree in an `apcore.call <moduleId>` span. */
  readonly moduleCallStep: CallStep<ModuleCall, unknown> = ({ moduleId }, next) =>
    this.#inSpan(`apcore.call ${moduleId}`, { [MODULE_ID_ATTRIBUTE]: moduleId }, next);

  /** Runs one approval in an `approval <moduleId>` span that records the decision. */
  traceApproval<T extends TracedApproval>(moduleId: string, run: () => Promise<T>): Promise<T> {
    return this.#inSpan(
      `approval ${moduleId}`,
      { [MODULE_ID_ATTRIBUTE]: moduleId },
      async (span) => {
        const decision = await run();
        span.setAttributes({
          'apcore.approval.approved': decision.approved,
          'apcore.approval.how': decision.how,
        });
        return decision;
      },
    );
  }

  async #inSpan<T>(
    name: string,
    attributes: Attributes,
    run: (span: Span) => Promise<T>,
  ): Promise<T> {
    // The active span is the enclosing module call's; without a context manager there is none
    // to find, and the tool call's span is the parent rather than a new trace.
    const active = context.active();
    const parent = trace.getSpan(active) === undefined ? this.#call : active;
    const span = this.#tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes }, parent);
    try {
      return await context.with(trace.setSpan(parent, span), run, undefined, span);
    } catch (error) {
      // Asking the client first (2026-07-28) ends the attempt; it is not a failure.
      if (endsCallAttempt(error)) span.setAttribute(OUTCOME_ATTRIBUTE, 'input_required');
      else recordFailure(span, error);
      throw error;
    } finally {
      span.end();
    }
  }
}

/** Marks a span failed with the apcore error code (`error.type`), never the message's details. */
function recordFailure(span: Span, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  const type = typeof code === 'string' ? code : error instanceof Error ? error.name : 'Error';
  span.setAttributes({ [OUTCOME_ATTRIBUTE]: 'error', 'error.type': type });
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}
