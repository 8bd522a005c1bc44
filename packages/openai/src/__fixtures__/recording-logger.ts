import type { Logger } from '@apcore-mcp/core';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  object: unknown;
  message: string | undefined;
}

/** A logger that keeps what it is given, so tests can assert on warnings. */
export function createRecordingLogger(): Logger & {
  entries: LogEntry[];
  warnings(): string[];
} {
  const entries: LogEntry[] = [];
  const record =
    (level: LogEntry['level']) =>
    (object: unknown, message?: string): void => {
      entries.push({ level, object, message });
    };
  return {
    entries,
    warnings: () =>
      entries.filter((entry) => entry.level === 'warn').map((entry) => entry.message ?? ''),
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}
