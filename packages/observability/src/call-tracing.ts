import {
  type Attributes,
  type Context,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { CallTrace, MODULE_ID_ATTRIBUTE, OUTCOME_ATTRIBUTE } from './call-trace.js';
import { isInputRequired, type ObservedAnswer, readErrorCode } from './observed-call.js';
import type { CallTracingEntry, TracedCall, TracedCallExtra, TracedTools } from './traced-call.js';

/**
 * Traces tool calls with OpenTelemetry: one `tools/call <tool>` SERVER span per call, continuing
 * the W3C trace context the client sent in the request's `_meta`, with a {@link CallTrace} in
 * the call's extra for the child spans (module calls, approvals). Without a registered OTel SDK
 * the global tracer makes non-recording spans and the call keeps the runtime's own trace id.
 *
 * @example
 * ```ts
 * const tracing = new CallTracing(trace.getTracer('my-server'), tools);
 * const answer = await tracing.entry(call, () => handle(call));
 * ```
 */
export class CallTracing {
  readonly #tracer: Tracer;
  readonly #tools: TracedTools;

  constructor(tracer: Tracer, tools: TracedTools) {
    this.#tracer = tracer;
    this.#tools = tools;
  }

  /** The pipeline entry: everything below it runs inside the call's span. */
  readonly entry: CallTracingEntry = (call: TracedCall, next) =>
    this.traceToolCall(call.tool, call.extra, (traced) => {
      call.extra = traced;
      return next();
    });

  /** Runs `answer` (which never throws) inside the call's span and records how it ended. */
  traceToolCall<T extends object>(
    name: string,
    extra: TracedCallExtra,
    answer: (traced: TracedCallExtra) => Promise<T>,
  ): Promise<T> {
    // A trace context in `_meta` wins over the active one (an HTTP span, say): it names the
    // client's own operation, and one HTTP request may carry several calls.
    const parent = propagation.extract(context.active(), extra.traceCarrier ?? {});
    const attributes = this.#attributesOf(name, extra);
    // A name no tool has stays out of the span name: clients choose it, span names must stay few.
    const spanName =
      attributes[MODULE_ID_ATTRIBUTE] === undefined ? 'tools/call' : `tools/call ${name}`;
    const span = this.#tracer.startSpan(spanName, { kind: SpanKind.SERVER, attributes }, parent);
    if (span.isRecording() || trace.isSpanContextValid(span.spanContext())) {
      return this.#inSpan(span, parent, extra, answer);
    }
    // No SDK registered, no trace to continue: the span records nothing and belongs to no trace,
    // so the call runs as if untraced, without a context of its own to carry.
    span.end();
    return answer(extra);
  }

  async #inSpan<T extends object>(
    span: Span,
    parent: Context,
    extra: TracedCallExtra,
    answer: (traced: TracedCallExtra) => Promise<T>,
  ): Promise<T> {
    const active = trace.setSpan(parent, span);
    try {
      const result = await context.with(active, () =>
        answer({ ...extra, trace: new CallTrace(this.#tracer, active) }),
      );
      recordOutcome(span, result);
      return result;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  }

  #attributesOf(name: string, extra: TracedCallExtra): Attributes {
    const attributes: Attributes = {
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': name,
    };
    const served = this.#tools.get(name);
    // A grouped tool runs one of several modules: its approval and executor spans name that one.
    if (served !== undefined && served.actions === undefined) {
      attributes[MODULE_ID_ATTRIBUTE] = served.moduleId;
    }
    if (extra.protocolVersion !== undefined) {
      attributes['mcp.protocol.version'] = extra.protocolVersion;
    }
    if (extra.era !== undefined) attributes['apcore.mcp.era'] = extra.era;
    if (extra.sessionId !== undefined) attributes['mcp.session.id'] = extra.sessionId;
    if (extra.requestId !== undefined) attributes['jsonrpc.request.id'] = String(extra.requestId);
    return attributes;
  }
}

/** An error result fails the span, its apcore error code as `error.type`. */
function recordOutcome(span: Span, result: object): void {
  if (isInputRequired(result)) {
    span.setAttribute(OUTCOME_ATTRIBUTE, 'input_required');
    return;
  }
  const answer = result as ObservedAnswer;
  if (answer.isError !== true) {
    span.setAttribute(OUTCOME_ATTRIBUTE, 'success');
    return;
  }
  const type = readErrorCode(answer) ?? 'tool_error';
  span.setAttributes({ [OUTCOME_ATTRIBUTE]: 'error', 'error.type': type });
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}
