import { createRequire } from 'node:module';
import type { Logger } from '@apcore-mcp/core/bridge';
import { type DestinationStream, pino } from 'pino';
import type { CliIo } from './io.js';

type PinoPretty = typeof import('pino-pretty');

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
 * descriptor 2, so nothing is lost when the process exits right after shutdown. With `pretty`,
 * each entry is one coloured line for people (pino-pretty) instead of a JSON line.
 *
 * @example
 * ```ts
 * const logger = createLogger('DEBUG', io, { prettyLogs: true });
 * ```
 */
export function createLogger(
  level: string | undefined,
  io: CliIo,
  output: { prettyLogs?: boolean } = {},
): Logger {
  const stderr: DestinationStream =
    io.stderr === process.stderr
      ? pino.destination({ dest: 2, sync: true })
      : { write: (text: string) => void io.stderr.write(text) };
  const destination = output.prettyLogs === true ? prettyLines(stderr) : stderr;
  return pino({ name: 'apcore-mcp', level: PINO_LEVELS[level ?? 'INFO'] ?? 'info' }, destination);
}

/**
 * Each JSON line pino writes, turned into a line for people as it is written: synchronous like
 * the JSON destination, so nothing is lost when the process exits.
 */
function prettyLines(destination: DestinationStream): DestinationStream {
  // Required only for pretty logs (`dev` on a terminal), synchronously as the logger is made:
  // every other start is spared loading pino-pretty.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as PinoPretty;
  const pretty = prettyFactory({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,name',
  });
  return { write: (line: string) => destination.write(pretty(line)) };
}
