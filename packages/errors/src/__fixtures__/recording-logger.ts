import type { Logger } from '@apcore-mcp/core';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  object: unknown;
  message: string | undefined;
}

/** A logger that keeps what it is given, so tests can assert what reached the server log. */
export function createRecordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const record =
    (level: LogEntry['level']) =>
    (object: unknown, message?: string): void => {
      entries.push({ level, object, message });
    };
  return {
    entries,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}
