import { InvalidOptionError } from '../../kernel/invalid-option-error.js';

/**
 * An OpenTelemetry `Tracer`, as far as the `tracing` option needs one: it starts spans. Any
 * OpenTelemetry `Tracer` is one.
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
 * The object form of the `tracing` option.
 *
 * @example
 * ```ts
 * const options: TracingOptions = { tracer: provider.getTracer('my-app') };
 * ```
 */
export interface TracingOptions {
  /** Where the spans go; default: the global tracer provider's `@apcore-mcp/server` tracer. */
  tracer?: SpanTracer;
}

/**
 * Whether tool calls are traced with OpenTelemetry: `true` (the global tracer provider), a
 * `{ tracer }`, or `false` (the default: no tracing code runs at all). Tracing needs the
 * `@apcore-mcp/observability` package installed.
 *
 * @example
 * ```ts
 * await serve(registry, { transport: 'streamable-http', tracing: true });
 * ```
 */
export type TracingOption = boolean | TracingOptions;

/**
 * Checks a `tracing` option: `undefined` and `false` turn tracing off.
 *
 * @example
 * ```ts
 * resolveTracing(true); // true
 * ```
 */
export function resolveTracing(value: unknown): TracingOption {
  if (value === undefined || value === false) return false;
  if (value === true) return true;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { tracer } = value as { tracer?: unknown };
    if (tracer === undefined) return {};
    if (typeof (tracer as Partial<SpanTracer> | null)?.startSpan === 'function') {
      return { tracer: tracer as SpanTracer };
    }
    throw new InvalidOptionError({
      option: 'tracing.tracer',
      value: tracer,
      expected: 'an OpenTelemetry Tracer (with startSpan)',
      sentence: [{ option: 'tracing.tracer' }, ' must be an OpenTelemetry Tracer (with startSpan)'],
    });
  }
  throw new InvalidOptionError({
    option: 'tracing',
    value,
    expected: 'a boolean or { tracer }',
    sentence: [{ option: 'tracing' }, ' must be a boolean or { tracer }'],
  });
}
