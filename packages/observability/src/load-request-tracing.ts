import type { Tracer } from '@opentelemetry/api';
import type { InstrumentationScope, SpanTracer } from './load-call-tracing.js';
import type { RequestTracingEntry } from './traced-request.js';

/**
 * What {@link loadRequestTracing} traces with.
 *
 * @example
 * ```ts
 * const options: RequestTracingOptions = { tracer: provider.getTracer('my-app') };
 * ```
 */
export interface RequestTracingOptions {
  /** Where the spans go; default: the global tracer provider's tracer of `scope`. */
  tracer?: SpanTracer | undefined;
  /** The instrumentation scope of that default tracer; default `@apcore-mcp/observability`. */
  scope?: InstrumentationScope | undefined;
}

/**
 * Loads the OpenTelemetry API (only now) and returns the step that traces each MCP request
 * other than a tool call: a `<method> <target>` SERVER span continuing the client's W3C trace
 * context (see `createRequestTracing`).
 *
 * @example
 * ```ts
 * const entry = await loadRequestTracing({ scope: { name: 'my-server', version: '1.0.0' } });
 * const answer = await entry(request, () => handle(request));
 * ```
 */
export async function loadRequestTracing(
  options: RequestTracingOptions = {},
): Promise<RequestTracingEntry> {
  const [{ trace }, { createRequestTracing }] = await Promise.all([
    import('@opentelemetry/api'),
    import('./request-tracing.js'),
  ]);
  const scope = options.scope ?? { name: '@apcore-mcp/observability' };
  // Only an OpenTelemetry Tracer starts OpenTelemetry spans; its shape is all a caller can check.
  const tracer =
    (options.tracer as Tracer | undefined) ?? trace.getTracer(scope.name, scope.version);
  return createRequestTracing(tracer);
}
