/** The log levels of a pino-compatible logger. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One call a {@link RecordingLogger} received. */
export interface LogEntry {
  level: LogLevel;
  object: unknown;
  message: string | undefined;
}

/** A pino-compatible logger that keeps every call, for assertions. */
export interface RecordingLogger {
  readonly entries: LogEntry[];
  debug(object: unknown, message?: string): void;
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
  /** The entries of one level. */
  at(level: LogLevel): LogEntry[];
  /** The messages logged at one level, in order (a call given only a string logs that). */
  messages(level: LogLevel): string[];
  /** The messages of the warnings, in order. */
  warnings(): string[];
}

/**
 * A logger that keeps what it is given, so tests can assert what reached the log. It fits every
 * package's `logger` option (the pino subset `debug/info/warn/error(object, message?)`).
 *
 * @example
 * ```ts
 * const logger = createRecordingLogger();
 * toOpenaiTools(registry, { logger });
 * expect(logger.warnings()).toEqual([]);
 * ```
 */
export function createRecordingLogger(): RecordingLogger {
  const entries: LogEntry[] = [];
  const record =
    (level: LogLevel) =>
    (object: unknown, message?: string): void => {
      entries.push({ level, object, message });
    };
  const at = (level: LogLevel): LogEntry[] => entries.filter((entry) => entry.level === level);
  const messages = (level: LogLevel): string[] =>
    at(level).map(({ object, message }) => message ?? (typeof object === 'string' ? object : ''));
  return {
    entries,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    at,
    messages,
    warnings: () => messages('warn'),
  };
}
