import type { Logger } from '@apcore-mcp/core';

/** One call a {@link RecordingLogger} received. */
export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  object: unknown;
  message: string | undefined;
}

/** A logger that keeps every call, for assertions. */
export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];

  debug(object: unknown, message?: string): void {
    this.entries.push({ level: 'debug', object, message });
  }

  info(object: unknown, message?: string): void {
    this.entries.push({ level: 'info', object, message });
  }

  warn(object: unknown, message?: string): void {
    this.entries.push({ level: 'warn', object, message });
  }

  error(object: unknown, message?: string): void {
    this.entries.push({ level: 'error', object, message });
  }

  /** The entries of one level. */
  at(level: LogEntry['level']): LogEntry[] {
    return this.entries.filter((entry) => entry.level === level);
  }
}
