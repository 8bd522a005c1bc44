import type { Logger } from '@apcore-mcp/core';
import { pino } from 'pino';
import type { CliIo } from './io.js';

/** The `--log-level` choices as pino names them. */
const PINO_LEVELS: Readonly<Record<string, string>> = {
  DEBUG: 'debug',
  INFO: 'info',
  WARNING: 'warn',
  ERROR: 'error',
};

/**
 * The command's logger: pino, named `apcore-mcp`, always on stderr (stdout carries the stdio
 * transport's protocol). For the process's own stderr it writes synchronously to file
 * descriptor 2, so nothing is lost when the process exits right after shutdown.
 */
export function createLogger(level: string | undefined, io: CliIo): Logger {
  const destination =
    io.stderr === process.stderr
      ? pino.destination({ dest: 2, sync: true })
      : { write: (text: string) => void io.stderr.write(text) };
  return pino({ name: 'apcore-mcp', level: PINO_LEVELS[level ?? 'INFO'] ?? 'info' }, destination);
}
