/**
 * The logging surface the mappers use: a pino-compatible logger (pino, console and most
 * structured loggers satisfy it). Each method takes `(object, message?)` or `(message)`.
 *
 * @example
 * ```ts
 * import pino from 'pino';
 * const logger: LoggerLike = pino({}, pino.destination(2));
 * ```
 */
export interface LoggerLike {
  debug(objectOrMessage: unknown, message?: string): void;
  info(objectOrMessage: unknown, message?: string): void;
  warn(objectOrMessage: unknown, message?: string): void;
  error(objectOrMessage: unknown, message?: string): void;
}
