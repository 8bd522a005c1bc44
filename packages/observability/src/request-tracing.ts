import {
  type Attributes,
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { OUTCOME_ATTRIBUTE } from './call-trace.js';
import { isInputRequired } from './observed-call.js';
import type { RequestTracingEntry, TracedRequest } from './traced-request.js';

/** The attribute of each target kind holding the name the client sent. */
const TARGET_ATTRIBUTES: Readonly<Record<string, string>> = {
  prompt: 'gen_ai.prompt.name',
  resource: 'mcp.resource.uri',
  completion: 'apcore.completion.ref',
};

/**
 * Traces the MCP requests other than tool calls (`resources/read`, `prompts/get`,
 * `completion/complete`, the list methods...) with one SERVER span each, named as a tool call's
 * is (`<method> <target>`, the target only when it is one the server serves), continuing the
 * W3C trace context the client sent in the request's `_meta`. A failed request fails its span
 * with `error.type` the apcore code of its error's `data`, else its JSON-RPC code. Without a
 * registered OTel SDK the spans record nothing and the request runs as if untraced.
 *
 * @example
 * ```ts
 * const entry = createRequestTracing(trace.getTracer('my-server'));
 * const answer = await entry(request, () => handle(request));
 * ```
 */
export function createRequestTracing(tracer: Tracer): RequestTracingEntry {
  return async (request, next) => {
    // A trace context in `_meta` wins over the active one, as for tool calls.
    const parent = propagation.extract(context.active(), request.traceCarrier ?? {});
    const label = request.target?.label;
    const name = label === undefined ? request.method : `${request.method} ${label}`;
    const attributes = attributesOf(request);
    const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
    const spanContext = span.spanContext();
    if (!span.isRecording() && !trace.isSpanContextValid(spanContext)) {
      span.end();
      return next();
    }
    if (trace.isSpanContextValid(spanContext)) request.traceId = spanContext.traceId;
    try {
      const answer = await context.with(trace.setSpan(parent, span), next);
      span.setAttribute(OUTCOME_ATTRIBUTE, isInputRequired(answer) ? 'input_required' : 'success');
      return answer;
    } catch (error) {
      const type = errorType(error);
      span.setAttributes({ [OUTCOME_ATTRIBUTE]: 'error', 'error.type': type });
      span.setStatus({ code: SpanStatusCode.ERROR, message: type });
      throw error;
    } finally {
      span.end();
    }
  };
}

function attributesOf(request: TracedRequest): Attributes {
  const attributes: Attributes = {
    'mcp.method.name': request.method,
    'jsonrpc.request.id': String(request.requestId),
    'apcore.mcp.era': request.era,
  };
  const { target } = request;
  const targetAttribute = target && TARGET_ATTRIBUTES[target.kind];
  if (target !== undefined && targetAttribute !== undefined) {
    attributes[targetAttribute] = target.name;
  }
  if (request.protocolVersion !== undefined) {
    attributes['mcp.protocol.version'] = request.protocolVersion;
  }
  if (request.sessionId !== undefined) attributes['mcp.session.id'] = request.sessionId;
  return attributes;
}

/** The apcore code of a refusal's `data`, else the JSON-RPC code, else the error's name. */
function errorType(error: unknown): string {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { code?: unknown } };
  if (typeof data?.code === 'string') return data.code;
  if (typeof code === 'number') return String(code);
  return error instanceof Error ? error.name : 'Error';
}
