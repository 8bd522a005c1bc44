import { defineServerFeature } from '../../feature-api/server-feature.js';
import { TRACING_OPTIONS } from './tracing-options.js';

/**
 * OpenTelemetry spans: one per tool call and per other request, continuing the client's trace,
 * from steps in the `tracing` slot of both pipelines. Its package loads when it opens, so a
 * missing one stops the start. Off unless the `tracing` option is on.
 *
 * @example
 * ```ts
 * const features = [TRACING_FEATURE];
 * ```
 */
export const TRACING_FEATURE = defineServerFeature({
  name: 'tracing',
  options: TRACING_OPTIONS,
  // Loaded only when on: a server without tracing never loads its code.
  open: async ({ tracing }, _frame, runtime) => {
    if (tracing === false) return undefined;
    const { openTracing } = await import('./open-tracing.js');
    return openTracing(tracing, runtime.tools);
  },
});
