import type { CallObserver } from '../../calls/call-observer.js';
import { loadOptionalPackage } from '../../kernel/load-optional-package.js';
import type { RequestObserver } from '../../requests/request-step.js';

/**
 * A prom-client `Registry`, as far as the `metrics` option needs one: it takes our series and
 * writes them out. Any prom-client `Registry` is one.
 *
 * @example
 * ```ts
 * const registry: MetricsRegistry = new Registry();
 * ```
 */
export interface MetricsRegistry {
  readonly contentType: string;
  metrics(): Promise<string>;
  registerMetric(metric: object): void;
}

/**
 * The `metrics` option: `true` keeps the series in a registry of our own (with prom-client's
 * default process metrics); `{ registry }` adds them to the application's prom-client registry
 * (its default metrics, if any, are the application's business: none are added there). Either
 * needs the `@apcore-mcp/observability` package installed.
 *
 * @example
 * ```ts
 * const option: MetricsOption = { registry: new Registry() };
 * ```
 */
export type MetricsOption = boolean | { registry: MetricsRegistry };

/**
 * What the gauges read when scraped.
 *
 * @example
 * ```ts
 * const sources: MetricsSources = { tools: () => table.size, inFlight: () => router.activeCalls };
 * ```
 */
export interface MetricsSources {
  /** How many tools are served right now. */
  tools: () => number;
  /** How many tool calls are running right now. */
  inFlight: () => number;
}

/**
 * The server's Prometheus series, fed by the router as a {@link CallObserver} and by the request
 * pipeline as a {@link RequestObserver}; the HTTP side
 * serves their text on `GET /metrics`.
 *
 * @example
 * ```ts
 * const metrics = await loadServerMetrics(true, sources);
 * router.observer = metrics;
 * const text = await metrics.text();
 * ```
 */
export interface ServerMetrics extends CallObserver, RequestObserver {
  /** The `Content-Type` of {@link ServerMetrics.text}. */
  readonly contentType: string;
  /** The series in the text exposition format. */
  text(): Promise<string>;
  /** Where the sessions gauge reads the open sessions (HTTP transports); none: 0. */
  countSessionsWith(count: () => number): void;
}

/**
 * Loads `@apcore-mcp/observability` (only now: a server without metrics never loads it, nor
 * prom-client) and registers the series there.
 *
 * @throws {MissingPackageError} when `@apcore-mcp/observability` is not installed.
 * @throws {Error} from prom-client when the registry already holds series of these names.
 * @example
 * ```ts
 * const sources = { tools: () => 3, inFlight: () => 0 };
 * const metrics = await loadServerMetrics({ registry: appRegistry }, sources);
 * ```
 */
export async function loadServerMetrics(
  option: true | { registry: MetricsRegistry },
  sources: MetricsSources,
): Promise<ServerMetrics> {
  const observability = await loadOptionalPackage(
    '@apcore-mcp/observability',
    'the metrics option',
    () => import('@apcore-mcp/observability'),
  );
  return observability.loadServerMetrics(option, sources);
}
