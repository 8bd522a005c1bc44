import {
  defineServerFeature,
  type GivenFeatureOptions,
  type ResolvedFeatureOptions,
} from '../../feature-api/server-feature.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { METRICS_OPTIONS } from './metrics-options.js';

type MetricsDeclarations = typeof METRICS_OPTIONS;

/**
 * Prometheus metrics: the router's and the request pipeline's observer, `GET /metrics` on the
 * HTTP transports, and over stdio a listener of its own on `metricsPort`. They load (with
 * `@apcore-mcp/observability`) only once a host serves clients itself; off unless `metrics` or
 * `metricsPort` is given.
 *
 * @example
 * ```ts
 * const features = [METRICS_FEATURE];
 * ```
 */
export const METRICS_FEATURE = defineServerFeature({
  name: 'metrics',
  options: METRICS_OPTIONS,
  checkOptions: (options, _frame, given) => refuseMetricsPortWithoutMetrics(options, given),
  // Loaded only when on: a server without metrics never loads their code.
  open: async (options, frame) => {
    if (options.metrics === false && options.metricsPort === undefined) return undefined;
    const { openMetrics } = await import('./open-metrics.js');
    return openMetrics(options, frame);
  },
});

/** A metrics port serves the metrics: with metrics turned off it would serve nothing. */
function refuseMetricsPortWithoutMetrics(
  { metricsPort }: ResolvedFeatureOptions<MetricsDeclarations>,
  given: GivenFeatureOptions<MetricsDeclarations>,
): void {
  if (metricsPort === undefined || given.metrics !== false) return;
  throw new InvalidOptionError({
    option: 'metricsPort',
    value: metricsPort,
    expected: 'metrics on',
    sentence: [
      { option: 'metricsPort' },
      ' needs ',
      { option: 'metrics' },
      '; it was given with metrics: false',
    ],
  });
}
