import type { Registry } from 'prom-client';
import type { MetricsOption } from '../metrics/server-metrics.js';
import { InvalidOptionError } from '../options/invalid-option-error.js';
import type { TransportName } from '../options.js';
import { resolvePort } from './network-options.js';

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
 * @throws {InvalidOptionError} naming the option and what it accepts.
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
    throw new InvalidOptionError({
      option: 'metricsPort',
      value: given.metricsPort,
      expected: 'transport stdio',
      sentence: [
        { option: 'metricsPort' },
        ' applies to ',
        { option: 'transport' },
        ` stdio only; ${transport} serves GET /metrics on its own port`,
      ],
    });
  }
  if (given.metrics === false) {
    throw new InvalidOptionError({
      option: 'metricsPort',
      value: given.metricsPort,
      expected: 'metrics on',
      sentence: [
        { option: 'metricsPort' },
        ' needs ',
        { option: 'metrics' },
        '; it was given with metrics: false',
      ],
    });
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
  const expected = 'a boolean or { registry } with a prom-client Registry';
  throw new InvalidOptionError({ option: 'metrics', value, expected });
}
