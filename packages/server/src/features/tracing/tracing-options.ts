// Spans of the tool calls and other requests the server answers.
import { declareOption } from '../../kernel/option-declaration.js';
import { resolveTracing, type TracingOption } from './tracing-option.js';

/**
 * The tracing options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * TRACING_OPTIONS.tracing.defaultValue; // false
 * ```
 */
export const TRACING_OPTIONS = {
  /**
   * Trace tool calls with OpenTelemetry (`@opentelemetry/api`, through the
   * `@apcore-mcp/observability` package, loaded only when on): `true` uses the global tracer
   * provider, `{ tracer }` your own tracer; default `false` (no tracing code runs). Spans are
   * recorded only once an OTel SDK is registered.
   */
  tracing: declareOption<TracingOption, TracingOption>({
    expected: 'a boolean or { tracer }',
    defaultValue: false,
    resolve: resolveTracing,
    cli: [
      {
        key: 'tracing',
        kind: 'boolean',
        help: 'Trace tool calls with the OpenTelemetry SDK the process registers (NODE_OPTIONS="--import ./otel.mjs"); without one, nothing is recorded',
      },
    ],
  }),
};
