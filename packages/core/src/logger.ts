/**
 * A pino-compatible logger: each method takes `(object, message)` or `(message)`.
 *
 * The runtime never prints on its own; it reports through the logger it is given.
 *
 * @example
 * ```ts
 * import pino from 'pino';
 * const registry = new Registry({ logger: pino({}, pino.destination(2)) });
 * ```
 */
export interface Logger {
  debug(objectOrMessage: unknown, message?: string): void;
  info(objectOrMessage: unknown, message?: string): void;
  warn(objectOrMessage: unknown, message?: string): void;
  error(objectOrMessage: unknown, message?: string): void;
}

function ignore(): void {}

/** The logger used when none is given: it drops everything. */
export const silentLogger: Logger = Object.freeze({
  debug: ignore,
  info: ignore,
  warn: ignore,
  error: ignore,
});
