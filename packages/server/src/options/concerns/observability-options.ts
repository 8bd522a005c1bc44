// What the server says about itself: its logs.
import { describeValue } from '../../kernel/describe-value.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import type { Logger, LogLevel } from '../../kernel/logger.js';
import { declareOption } from '../../kernel/option-declaration.js';

/** The SRS's spelling of the levels; any case is accepted, and `warn` as well as `warning`. */
const LOG_LEVEL_NAMES = ['DEBUG', 'INFO', 'WARNING', 'ERROR'] as const;
const LOG_LEVELS: Readonly<Record<string, LogLevel>> = {
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
};

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
