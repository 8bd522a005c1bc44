import { type Logger, silentLogger } from '@apcore-mcp/core/bridge';
import { pino } from 'pino';

export type { Logger } from '@apcore-mcp/core/bridge';

/**
 * The levels `logLevel` accepts once normalized.
 *
 * @example
 * ```ts
 * const level: LogLevel = 'debug';
 * ```
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The logger name every record carries. */
export const LOGGER_NAME = 'apcore-mcp';

/**
 * Whether `logger` writes records of `level`, so a hot path can skip building one nobody reads.
 * A logger without `isLevelEnabled` writes every level.
 *
 * @example
 * ```ts
 * if (isLevelEnabled(logger, 'debug')) logger.debug({ durationMs: measure() }, 'Tool call');
 * ```
 */
export function isLevelEnabled(logger: Logger, level: string): boolean {
  return typeof logger.isLevelEnabled === 'function' ? logger.isLevelEnabled(level) : true;
}

/**
 * Creates the pino logger `serve()` uses when none is given: named `apcore-mcp`, writing
 * synchronously to stderr (file descriptor 2) so stdout stays free for the stdio transport and
 * nothing is lost when the process exits right after shutdown.
 */
export function createDefaultLogger(level: LogLevel): Logger {
  return pino({ name: LOGGER_NAME, level }, pino.destination({ dest: 2, sync: true }));
}

/** A logger adding `fields` to every record (pino's `child`, for any pino-compatible logger). */
export function withFields(logger: Logger, fields: Record<string, unknown>): Logger {
  // Nothing to bind to a logger that drops everything.
  if (logger === silentLogger) return logger;
  // One object with prototype methods: routers make one per call, so it must be cheap.
  return new FieldLogger(logger, fields);
}

class FieldLogger implements Logger {
  readonly #logger: Logger;
  readonly #fields: Record<string, unknown>;

  constructor(logger: Logger, fields: Record<string, unknown>) {
    this.#logger = logger;
    this.#fields = fields;
  }

  debug(objectOrMessage: unknown, message?: string): void {
    this.#write('debug', objectOrMessage, message);
  }

  info(objectOrMessage: unknown, message?: string): void {
    this.#write('info', objectOrMessage, message);
  }

  warn(objectOrMessage: unknown, message?: string): void {
    this.#write('warn', objectOrMessage, message);
  }

  error(objectOrMessage: unknown, message?: string): void {
    this.#write('error', objectOrMessage, message);
  }

  isLevelEnabled(level: string): boolean {
    return isLevelEnabled(this.#logger, level);
  }

  #write(
    level: 'debug' | 'info' | 'warn' | 'error',
    objectOrMessage: unknown,
    message?: string,
  ): void {
    if (typeof objectOrMessage === 'object' && objectOrMessage !== null) {
      this.#logger[level]({ ...this.#fields, ...objectOrMessage }, message);
    } else {
      this.#logger[level](this.#fields, String(objectOrMessage));
    }
  }
}
