import type { Logger } from '@apcore-mcp/core/bridge';
import type { StdioStreams } from '@apcore-mcp/server/options';
import { moduleCacheDir } from '../extensions/module-cache-option.js';
import type { CliIo } from '../io.js';
import { isHttpUrl } from '../settings/parse-setting-value.js';
import {
  flagSetting,
  listSetting,
  type ResolvedSettings,
  textSetting,
} from '../settings/settings.js';
import { createOpeningFront } from './opening-front.js';
import { openingKey } from './opening-key.js';
import {
  type Opening,
  type OpeningRecordRead,
  openingRecordPath,
  readOpeningRecord,
  withOpening,
  writeOpeningRecord,
} from './opening-record.js';

/** A stdio server's front over the process's own streams, and where it reports. */
export interface StdioOpening {
  /** The streams the server serves on (its `stdio` option). */
  streams: StdioStreams;
  /** Where the front logs, from now on and what it had to say before. */
  useLogger(logger: Logger): void;
  /** Resolves once the record being written, if any, is in place (awaited before exiting). */
  settled(): Promise<void>;
}

/**
 * Puts the opening front ({@link createOpeningFront}) before a stdio server of the process's
 * own stdin and stdout, reading the record of the last start with the same key: a client that
 * spawns the same server again has its `initialize` and `tools/list` answered before the server
 * has loaded. `undefined` (the server serves the streams itself) for a server the record
 * cannot stand for, or that is not to keep one: another transport, `--watch` (its modules
 * change as it runs), no module cache (`--no-cache`, which keeps the records),
 * `--no-opening-record`, OpenAPI documents fetched from a URL or following `$ref`s out of
 * their file, or streams other than the process's.
 *
 * @example
 * ```ts
 * const opening = await openStdioOpening(resolved, io);
 * await startServer(registry, { transport: 'stdio', ...(opening && { stdio: opening.streams }) });
 * ```
 */
export async function openStdioOpening(
  resolved: ResolvedSettings,
  io: CliIo,
): Promise<StdioOpening | undefined> {
  const found = await findRecord(resolved, io);
  if (found === undefined) return undefined;
  const { path, key, record } = found;
  const log = laterLog();
  if (record.problem !== undefined) {
    log((logger) =>
      logger.warn({ path }, `Ignoring the opening record: ${record.problem}; it is written again`),
    );
  }
  let openings: readonly Opening[] = record.openings ?? [];
  let writing = Promise.resolve();
  const front = createOpeningFront({
    stdin: process.stdin,
    stdout: process.stdout,
    openings,
    onAnswered: (method) => {
      log((logger) =>
        logger.debug({ path, method }, `Answered ${method} from the record of the last start`),
      );
    },
    onRecord: (exchanges) => {
      openings = withOpening(openings, exchanges);
      const written = openings;
      writing = writing
        .then(() => writeOpeningRecord(path, key, written))
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          log((logger) =>
            logger.warn({ path }, `Could not write the opening record ${path}: ${reason}`),
          );
        });
    },
    onDifference: (method, told) => log((logger) => reportDifference(logger, path, method, told)),
  });
  return { streams: front, useLogger: log.useLogger, settled: () => writing };
}

/** The record of this start's key, where it is, and what it holds; `undefined`: no front. */
async function findRecord(
  resolved: ResolvedSettings,
  io: CliIo,
): Promise<{ path: string; key: string; record: OpeningRecordRead } | undefined> {
  const extensionsDir = textSetting(resolved, 'extensions-dir');
  if (extensionsDir === undefined || !canStandFor(resolved, io)) return undefined;
  const cacheDir = moduleCacheDir(resolved, extensionsDir);
  let key: string;
  try {
    key = openingKey({ resolved, extensionsDir, cacheDir });
  } catch {
    // An unreadable directory: the serve command says what is wrong with it, as without a front.
    return undefined;
  }
  const path = openingRecordPath(cacheDir, key);
  return { path, key, record: await readOpeningRecord(path, key) };
}

function reportDifference(logger: Logger, path: string, method: string, told: boolean): void {
  const outcome = told
    ? 'the client was told the list changed'
    : method.endsWith('/list')
      ? 'the client sees the old list until it lists again; the record is written again'
      : 'the record is written again';
  logger.warn(
    { path, method },
    `The ${method} answer of the last start, given to the client, differs from this start's: ${outcome}`,
  );
}

/** Whether a record can stand for what this start would answer (see {@link openStdioOpening}). */
function canStandFor(resolved: ResolvedSettings, io: CliIo): boolean {
  if (io.stdout !== process.stdout) return false;
  if ((textSetting(resolved, 'transport') ?? 'stdio') !== 'stdio') return false;
  if (flagSetting(resolved, 'watch') || !flagSetting(resolved, 'cache')) return false;
  if (!flagSetting(resolved, 'opening-record')) return false;
  const documents = listSetting(resolved, 'openapi');
  if (documents.length === 0) return true;
  return !flagSetting(resolved, 'openapi-allow-external-refs') && !documents.some(isHttpUrl);
}

/** A log that holds its records until it has a logger (the server's, created later). */
function laterLog(): ((record: (logger: Logger) => void) => void) & {
  useLogger(logger: Logger): void;
} {
  let target: Logger | undefined;
  const held: Array<(logger: Logger) => void> = [];
  const log = (record: (logger: Logger) => void): void => {
    if (target === undefined) held.push(record);
    else record(target);
  };
  return Object.assign(log, {
    useLogger(logger: Logger): void {
      target = logger;
      for (const record of held.splice(0)) record(logger);
    },
  });
}
