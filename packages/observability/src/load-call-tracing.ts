import type { Tracer } from '@opentelemetry/api';
import type { CallTracingEntry, TracedTools } from './traced-call.js';

/**
 * An OpenTelemetry `Tracer`, as far as an option check can tell one: it starts spans. Declared
 * here so a caller that only checked `startSpan` need not name the OpenTelemetry API.
 *
 * @example
 * ```ts
 * const tracer: SpanTracer = provider.getTracer('my-app');
 * ```
 */
export interface SpanTracer {
  startSpan(name: string, options?: object, context?: object): object;
}

/**
 * What {@link loadCallTracing} traces with.
 *
 * @example
 * ```ts
 * const options: CallTracingOptions = { tools, tracer: provider.getTracer('my-app') };
 * ```
 */
export interface CallTracingOptions {
  /** The served tools: a span names the module its tool runs. */
  tools: TracedTools;
  /** Where the spans go; default: the global tracer provider's tracer of `scope`. */
  tracer?: SpanTracer | undefined;
  /** The instrumentation scope of that default tracer; default `@apcore-mcp/observability`. */
  scope?: InstrumentationScope | undefined;
}

/**
 * Who made the spans (OpenTelemetry's instrumentation scope): a name, and its version.
 *
 * @example
 * ```ts
 * const scope: InstrumentationScope = { name: '@apcore-mcp/server', version: '0.1.0' };
 * ```
 */
export interface InstrumentationScope {
  name: string;
  version?: string;
}

/** The default instrumentation scope of our spans. */
const DEFAULT_SCOPE: InstrumentationScope = { name: '@apcore-mcp/observability' };

/**
 * Loads the OpenTelemetry API (only now: without tracing it is never loaded) and returns the
 * pipeline entry that traces each tool call: a `tools/call <tool>` SERVER span continuing the
 * client's W3C trace context, a child span per module call of the call tree and per approval.
 * Without a registered OTel SDK the spans record nothing and calls run as if untraced.
 *
 * @example
 * ```ts
 * const entry = await loadCallTracing({ tools, scope: { name: 'my-server', version: '1.0.0' } });
 * const answer = await entry(call, () => handle(call));
 * ```
 */
export async function loadCallTracing(options: CallTracingOptions): Promise<CallTracingEntry> {
  const [{ trace }, { CallTracing }] = await Promise.all([
    import('@opentelemetry/api'),
    import('./call-tracing.js'),
  ]);
  const scope = options.scope ?? DEFAULT_SCOPE;
  // Only an OpenTelemetry Tracer starts OpenTelemetry spans; its shape is all a caller can check.
  const tracer =
    (options.tracer as Tracer | undefined) ?? trace.getTracer(scope.name, scope.version);
  return new CallTracing(tracer, options.tools).entry;
}
