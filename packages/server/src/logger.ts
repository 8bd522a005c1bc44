import { pino } from 'pino';

/**
 * The logger the server writes to: any pino-compatible object. Each method takes
 * `(object, message?)` or `(message)`.
 *
 * @example
 * ```ts
 * import { pino } from 'pino';
 * const logger: Logger = pino({ name: 'apcore-mcp' }, pino.destination(2));
 * ```
 */
export interface Logger {
  debug(objectOrMessage: unknown, message?: string): void;
  info(objectOrMessage: unknown, message?: string): void;
  warn(objectOrMessage: unknown, message?: string): void;
  error(objectOrMessage: unknown, message?: string): void;
}

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

/** A logger that drops everything: the default of the building blocks. */
export const SILENT_LOGGER: Logger = Object.freeze({
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
});

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
  const bind =
    (method: keyof Logger) =>
    (objectOrMessage: unknown, message?: string): void => {
      if (typeof objectOrMessage === 'object' && objectOrMessage !== null) {
        logger[method]({ ...fields, ...objectOrMessage }, message);
      } else {
        logger[method](fields, String(objectOrMessage));
      }
    };
  return { debug: bind('debug'), info: bind('info'), warn: bind('warn'), error: bind('error') };
}
