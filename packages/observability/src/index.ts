// Any new export added here becomes public API: named exports only, no wildcards.
// Nothing here loads prom-client or the OpenTelemetry API: each loads when its function is called.
export {
  type CallTracingOptions,
  type InstrumentationScope,
  loadCallTracing,
  type SpanTracer,
} from './load-call-tracing.js';
export { loadRequestTracing, type RequestTracingOptions } from './load-request-tracing.js';
export type {
  ObservedAnswer,
  ObservedApproval,
  ObservedCall,
  ObservedRequest,
} from './observed-call.js';
export {
  loadServerMetrics,
  type MetricsRegistry,
  type MetricsSources,
  type MetricsTarget,
  type ServerMetrics,
} from './server-metrics.js';
export type {
  CallSpans,
  CallTracingEntry,
  TracedApproval,
  TracedCall,
  TracedCallExtra,
  TracedTools,
} from './traced-call.js';
export type { RequestTracingEntry, TracedRequest } from './traced-request.js';
