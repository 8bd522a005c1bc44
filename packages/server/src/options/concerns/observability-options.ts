// What the server says about itself: logs, metrics.
import { describeValue } from '../../kernel/describe-value.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import type { Logger, LogLevel } from '../../kernel/logger.js';
import { declareOption } from '../../kernel/option-declaration.js';
import type { MetricsOption, MetricsRegistry } from '../../metrics/server-metrics.js';
import { resolvePort } from './read-http-options.js';

/** The SRS's spelling of the levels; any case is accepted, and `warn` as well as `warning`. */
const LOG_LEVEL_NAMES = ['DEBUG', 'INFO', 'WARNING', 'ERROR'] as const;
const LOG_LEVELS: Readonly<Record<string, LogLevel>> = {
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
};

type ResolvedMetrics = false | true | { registry: MetricsRegistry };

/**
 * The observability options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * OBSERVABILITY_OPTIONS.logLevel.defaultValue; // 'info'
 * ```
 */
export const OBSERVABILITY_OPTIONS = {
  /** `debug`, `info` (default), `warn` (or `warning`), `error`; case-insensitive. Ignored when `logger` is given. */
  logLevel: declareOption<string, LogLevel>({
    expected: `one of: ${LOG_LEVEL_NAMES.join(', ')}`,
    defaultValue: 'info',
    limits: { choices: LOG_LEVEL_NAMES },
    resolve: resolveLogLevel,
    cli: [
      {
        key: 'log-level',
        kind: 'choice',
        foldCase: 'upper',
        help: 'Log verbosity (logs go to stderr)',
      },
    ],
  }),
  /** A pino-compatible logger to use instead of the one `serve()` creates on stderr. */
  logger: declareOption<Logger, Logger | undefined>({
    expected: 'a pino-compatible logger with debug, info, warn, error',
    defaultValue: undefined,
    resolve: resolveLogger,
  }),
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

function resolveLogLevel(value: unknown): LogLevel {
  const { expected } = OBSERVABILITY_OPTIONS.logLevel;
  if (typeof value !== 'string') {
    const sentence = [
      { option: 'logLevel' },
      ` must be a string (${expected}), got ${describeValue(value)}`,
    ];
    throw new InvalidOptionError({ option: 'logLevel', value, expected, sentence });
  }
  const level = LOG_LEVELS[value.toLowerCase()];
  if (level === undefined) {
    const sentence = [
      `Unknown log level: '${value}'. Must be one of: ${LOG_LEVEL_NAMES.join(', ')}`,
    ];
    throw new InvalidOptionError({ option: 'logLevel', value, expected, sentence });
  }
  return level;
}

function resolveLogger(value: unknown): Logger {
  const methods = ['debug', 'info', 'warn', 'error'] as const;
  const candidate = value as Record<string, unknown> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    methods.some((method) => typeof candidate[method] !== 'function')
  ) {
    const { expected } = OBSERVABILITY_OPTIONS.logger;
    const sentence = [{ option: 'logger' }, ` must be ${expected}`];
    throw new InvalidOptionError({ option: 'logger', value, expected, sentence });
  }
  return value as Logger;
}

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
  const { expected } = OBSERVABILITY_OPTIONS.metrics;
  throw new InvalidOptionError({ option: 'metrics', value, expected });
}
