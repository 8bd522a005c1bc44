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
  /** Whether records of `level` are written (pino's); without it every level counts as on. */
  isLevelEnabled?(level: string): boolean;
}

function ignore(): void {}

/**
 * The logger used when none is given: it drops everything, and says so to `isLevelEnabled`, so
 * nobody builds a record for it.
 *
 * @example
 * ```ts
 * const registry = new Registry({ logger: silentLogger });
 * ```
 */
export const silentLogger: Logger = Object.freeze({
  debug: ignore,
  info: ignore,
  warn: ignore,
  error: ignore,
  isLevelEnabled: () => false,
});
