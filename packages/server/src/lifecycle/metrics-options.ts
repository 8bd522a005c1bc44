import type { Registry } from 'prom-client';
import type { MetricsOption } from '../metrics/server-metrics.js';
import type { TransportName } from '../options.js';
import { resolvePort } from './network-options.js';
import { describe } from './read-option.js';

/**
 * The resolved `metrics` and `metricsPort` options.
 *
 * @example
 * ```ts
 * const resolved: ResolvedMetricsOptions = { metrics: true, metricsPort: 9464 };
 * ```
 */
export interface ResolvedMetricsOptions {
  /** `false`: no metrics (prom-client is never loaded). */
  metrics: false | true | { registry: Registry };
  /** Over stdio: the 127.0.0.1 port serving `GET /metrics`. */
  metricsPort: number | undefined;
}

/**
 * Validates `metrics` and `metricsPort`. A `metricsPort` turns metrics on unless `metrics` is
 * `false` (then it is refused); it applies to stdio only, since the HTTP transports answer
 * `GET /metrics` on their own port.
 *
 * @throws {TypeError | RangeError} naming the option and what it accepts.
 * @example
 * ```ts
 * resolveMetricsOptions({ metricsPort: 9464 }, 'stdio', false); // { metrics: true, metricsPort: 9464 }
 * ```
 */
export function resolveMetricsOptions(
  given: { metrics?: MetricsOption; metricsPort?: number },
  transport: TransportName,
  allowAnyPort: boolean,
): ResolvedMetricsOptions {
  const metrics = resolveMetrics(given.metrics);
  if (given.metricsPort === undefined) return { metrics, metricsPort: undefined };
  const metricsPort = resolvePort(given.metricsPort, allowAnyPort);
  if (transport !== 'stdio') {
    throw new RangeError(
      `metricsPort applies to stdio only; transport '${transport}' serves GET /metrics on its own port`,
    );
  }
  if (given.metrics === false) {
    throw new RangeError('metricsPort needs metrics; it was given with metrics: false');
  }
  return { metrics: metrics === false ? true : metrics, metricsPort };
}

function resolveMetrics(value: unknown): ResolvedMetricsOptions['metrics'] {
  if (value === undefined || value === false) return false;
  if (value === true) return true;
  const registry = (value as { registry?: unknown } | null)?.registry;
  if (
    typeof registry === 'object' &&
    registry !== null &&
    typeof (registry as Registry).metrics === 'function' &&
    typeof (registry as Registry).registerMetric === 'function'
  ) {
    return { registry: registry as Registry };
  }
  throw new TypeError(
    `metrics must be a boolean or { registry } with a prom-client Registry, got ${describe(value)}`,
  );
}
