import type { Logger } from '../logger.js';

/** One record a {@link CaptureLogger} kept. */
export interface LogRecord {
  level: 'debug' | 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/** A logger that keeps every record, for assertions on what the server logged. */
export class CaptureLogger implements Logger {
  readonly records: LogRecord[] = [];

  debug = (objectOrMessage: unknown, message?: string): void =>
    this.#keep('debug', objectOrMessage, message);
  info = (objectOrMessage: unknown, message?: string): void =>
    this.#keep('info', objectOrMessage, message);
  warn = (objectOrMessage: unknown, message?: string): void =>
    this.#keep('warn', objectOrMessage, message);
  error = (objectOrMessage: unknown, message?: string): void =>
    this.#keep('error', objectOrMessage, message);

  /** The messages logged at one level. */
  messages(level: LogRecord['level']): string[] {
    return this.records.filter((record) => record.level === level).map((record) => record.message);
  }

  #keep(level: LogRecord['level'], objectOrMessage: unknown, message?: string): void {
    if (typeof objectOrMessage === 'string') {
      this.records.push({ level, fields: {}, message: objectOrMessage });
    } else {
      this.records.push({
        level,
        fields: (objectOrMessage ?? {}) as Record<string, unknown>,
        message: message ?? '',
      });
    }
  }
}
