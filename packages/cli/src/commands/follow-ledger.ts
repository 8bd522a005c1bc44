import { unwatchFile, watchFile } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { LedgerEntry, LedgerProblem } from './ledger-file.js';
import { parseLedgerText } from './ledger-file.js';

/** How often the file is checked for growth (stat polling works on every file system). */
const POLL_INTERVAL_MS = 200;

/** Options of {@link followLedger}. */
export interface FollowLedgerOptions {
  path: string;
  /** The byte offset and line number where reading goes on. */
  offset: number;
  nextLine: number;
  onEntry: (entry: LedgerEntry) => void;
  onProblem: (problem: LedgerProblem) => void;
  /** Following ends when it aborts. */
  signal: AbortSignal;
}

/**
 * Prints records appended to the ledger after `offset` until `signal` aborts. Only complete
 * lines are read (a batch being written is picked up once its newline is there); a file that
 * shrinks (rotated or truncated) is read again from its start.
 */
export async function followLedger(options: FollowLedgerOptions): Promise<void> {
  const { path, signal } = options;
  let offset = options.offset;
  let nextLine = options.nextLine;
  let reading = Promise.resolve();
  const readNew = async (): Promise<void> => {
    const { size } = await stat(path).catch(() => ({ size: offset }));
    if (size < offset) [offset, nextLine] = [0, 1];
    if (size === offset) return;
    const text = await readRange(path, offset, size);
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    if (complete === '') return;
    offset += Buffer.byteLength(complete);
    const { entries, problems } = parseLedgerText(complete, nextLine);
    nextLine += complete.split('\n').length - 1;
    for (const entry of entries) options.onEntry(entry);
    for (const problem of problems) options.onProblem(problem);
  };
  const check = () => {
    reading = reading.then(readNew).catch(() => undefined);
  };
  watchFile(path, { interval: POLL_INTERVAL_MS }, check);
  check();
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  unwatchFile(path, check);
  await reading;
}

async function readRange(path: string, start: number, end: number): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(end - start);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, start);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await file.close();
  }
}
