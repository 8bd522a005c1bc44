// The default export, not named imports: tests watch `fs.fsync` through it.
import fs from 'node:fs';
import { dirname } from 'node:path';
import { type Logger, silentLogger } from '@apcore-mcp/core/bridge';
import type { LedgerRecord, LedgerStore } from './ledger-record.js';

/**
 * Options of {@link JsonLinesLedgerStore}.
 *
 * @example
 * ```ts
 * const options: JsonLinesLedgerOptions = { path: '/var/log/apcore/ledger.jsonl', flushIntervalMs: 500 };
 * ```
 */
export interface JsonLinesLedgerOptions {
  /** The file records are appended to; created (mode 0600) when missing. Its directory must exist. */
  path: string;
  /** Hears write failures (WARN). */
  logger?: Logger;
  /** A batch is written once it holds this many records; default 100. */
  maxBatchRecords?: number;
  /** ...or this many ms after its first record; default 1000. */
  flushIntervalMs?: number;
}

/**
 * A {@link LedgerStore} appending one JSON object per line to a file. Records are buffered and
 * written in batches (by size or after an interval), each batch followed by `fsync`; `close()`
 * writes what is left, syncs and closes the file. A failed write is logged at WARN (its records
 * are lost) and never reaches the call that made them.
 *
 * @throws {Error} from the constructor when the directory is missing or the file cannot be opened.
 * @example
 * ```ts
 * const store = new JsonLinesLedgerStore({ path: './ledger.jsonl', logger });
 * await serve(registry, { transport: 'streamable-http', ledger: store });
 * ```
 */
export class JsonLinesLedgerStore implements LedgerStore {
  /** The file written to. */
  readonly path: string;
  readonly #fd: number;
  readonly #logger: Logger;
  readonly #maxBatchRecords: number;
  readonly #flushIntervalMs: number;
  #pending: string[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** Batches are written one after another, in append order. */
  #writing: Promise<void> = Promise.resolve();
  #closing: Promise<void> | undefined;

  constructor(options: JsonLinesLedgerOptions) {
    this.path = options.path;
    this.#logger = options.logger ?? silentLogger;
    this.#maxBatchRecords = options.maxBatchRecords ?? 100;
    this.#flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.#fd = openLedgerFile(options.path);
  }

  append(record: LedgerRecord): void {
    if (this.#closing !== undefined) {
      this.#logger.warn({ tool: record.tool }, 'Ledger record after close; not written');
      return;
    }
    try {
      this.#pending.push(JSON.stringify(record));
    } catch (error) {
      this.#logger.warn(
        { err: error, tool: record.tool },
        'Ledger record not serializable; skipped',
      );
      return;
    }
    if (this.#pending.length >= this.#maxBatchRecords) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.#flushIntervalMs).unref();
  }

  /** Writes and syncs every record appended so far; never rejects. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    if (batch.length === 0) return this.#writing;
    this.#pending = [];
    this.#writing = this.#writing.then(() => this.#writeBatch(batch));
    return this.#writing;
  }

  /** Writes what is left, syncs and closes the file. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= this.flush().then(() => closeFile(this.#fd, this.#logger));
    return this.#closing;
  }

  async #writeBatch(batch: readonly string[]): Promise<void> {
    try {
      await writeAll(this.#fd, Buffer.from(`${batch.join('\n')}\n`));
      await new Promise<void>((resolve, reject) =>
        fs.fsync(this.#fd, (error) => (error ? reject(error) : resolve())),
      );
    } catch (error) {
      this.#logger.warn(
        { err: error, path: this.path, records: batch.length },
        `Could not write ${batch.length} ledger records to ${this.path}`,
      );
    }
  }
}

/** Opens for appending, mode 0600 when created; a clear message for a missing directory. */
function openLedgerFile(path: string): number {
  const directory = dirname(path);
  if (!fs.existsSync(directory) || !fs.statSync(directory).isDirectory()) {
    throw new Error(`ledger: directory ${directory} does not exist (for ledger file ${path})`);
  }
  try {
    return fs.openSync(path, 'a', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`ledger: cannot open ${path} for appending (${code})`, { cause: error });
  }
}

/** `fs.write` until every byte is written (a write may take only part of the buffer). */
async function writeAll(fd: number, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    offset += await new Promise<number>((resolve, reject) =>
      fs.write(fd, data, offset, data.length - offset, null, (error, written) =>
        error ? reject(error) : resolve(written),
      ),
    );
  }
}

function closeFile(fd: number, logger: Logger): Promise<void> {
  return new Promise((resolve) =>
    fs.close(fd, (error) => {
      if (error) logger.warn({ err: error }, 'Could not close the ledger file');
      resolve();
    }),
  );
}
