// Prometheus metrics: whether they are kept, and where stdio serves them.
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { resolvePort } from '../../kernel/read-option.js';
import type { MetricsOption, MetricsRegistry } from './server-metrics.js';

/** The `metrics` option once checked: off, a registry of our own, or the application's. */
export type ResolvedMetrics = false | true | { registry: MetricsRegistry };

/**
 * The metrics options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * METRICS_OPTIONS.metrics.defaultValue; // false
 * ```
 */
export const METRICS_OPTIONS = {
  /**
   * Prometheus metrics (prom-client, through the `@apcore-mcp/observability` package, loaded
   * only when on); default false. `true`: a registry of the server's own, with prom-client's
   * default process metrics. `{ registry }`: the series are added to your prom-client registry
   * (no default metrics are added to it). The HTTP transports then answer `GET /metrics`.
   */
  metrics: declareOption<MetricsOption, ResolvedMetrics>({
    expected: 'a boolean or { registry } with a prom-client Registry',
    defaultValue: false,
    resolve: resolveMetrics,
    cli: [
      {
        key: 'metrics',
        kind: 'boolean',
        help: 'Prometheus metrics: streamable-http and sse answer GET /metrics (stdio: see --metrics-port)',
      },
    ],
  }),
  /**
   * stdio only: serve `GET /metrics` alone on `127.0.0.1:metricsPort` (turns `metrics` on).
   * `startServer()` also takes 0 (any free port; see `metricsUrl`).
   */
  metricsPort: declareOption<number, number | undefined>({
    expected: 'an integer between 1 and 65535',
    defaultValue: undefined,
    limits: { minimum: 1, maximum: 65535 },
    transports: ['stdio'],
    otherTransports: 'refuse',
    refusal: (transport) => [
      { option: 'metricsPort' },
      ' applies to ',
      { option: 'transport' },
      ` stdio only; ${transport} serves GET /metrics on its own port`,
    ],
    resolve: (value, { entry }) => resolvePort(value, entry.allowAnyPort, 'metricsPort'),
    cli: [
      {
        key: 'metrics-port',
        kind: 'port',
        help: 'stdio only: serve GET /metrics on 127.0.0.1 at this port, 1..65535 (turns --metrics on)',
      },
    ],
  }),
};

function resolveMetrics(value: unknown): ResolvedMetrics {
  if (value === false) return false;
  if (value === true) return true;
  const registry = (value as { registry?: unknown } | null)?.registry;
  if (
    typeof registry === 'object' &&
    registry !== null &&
    typeof (registry as MetricsRegistry).metrics === 'function' &&
    typeof (registry as MetricsRegistry).registerMetric === 'function'
  ) {
    return { registry: registry as MetricsRegistry };
  }
  const { expected } = METRICS_OPTIONS.metrics;
  throw new InvalidOptionError({ option: 'metrics', value, expected });
}
