import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/**
 * One message of a client's opening, as sent (without its id), and the server's answer to it
 * (absent for a notification).
 *
 * @example
 * ```ts
 * const exchange: OpeningExchange = { method: 'tools/list', params: {}, answer: { result: { tools: [] } } };
 * ```
 */
export interface OpeningExchange {
  method: string;
  /** The request's `params`, absent when it had none. */
  params?: unknown;
  /** `{ result }` or `{ error }` for a request; absent for a notification. */
  answer?: OpeningAnswer;
}

/** One client's opening: its messages in order, each with the server's answer. */
export type Opening = readonly OpeningExchange[];

/** What a server answered a request: the `result` or `error` member of its response. */
export type OpeningAnswer = { result: unknown } | { error: unknown };

/** Changes whenever what a record holds changes meaning: an older record is then not read. */
const RECORD_FORMAT = 2;
/** The openings one record keeps: one per client spawning the server, the latest first. */
const KEPT_OPENINGS = 4;
/** The records one cache directory keeps (one per set of settings and files): the newest. */
const KEPT_RECORDS = 8;
const RECORD_PREFIX = 'opening-';

/** What a record file holds. */
interface OpeningRecordFile {
  format: number;
  key: string;
  openings: readonly Opening[];
}

/**
 * Whether two openings start with the same message (the same client, as far as answers go):
 * a record keeps one opening per first message.
 */
export function sameOpeningStart(a: Opening, b: Opening): boolean {
  const [first, other] = [a[0], b[0]];
  return (
    first !== undefined &&
    other !== undefined &&
    first.method === other.method &&
    isDeepStrictEqual(first.params, other.params)
  );
}

/**
 * The openings of a record once `opening` is in: it first, in place of one that starts the
 * same way, the others after it, at most {@link KEPT_OPENINGS}.
 */
export function withOpening(openings: readonly Opening[], opening: Opening): Opening[] {
  const others = openings.filter((each) => !sameOpeningStart(each, opening));
  return [opening, ...others].slice(0, KEPT_OPENINGS);
}

/**
 * The record file of `key` in the cache directory: one per key, so that servers started with
 * other settings (two clients, two configurations) keep theirs.
 */
export function openingRecordPath(cacheDir: string, key: string): string {
  return join(cacheDir, `${RECORD_PREFIX}${key.slice(0, 32)}.json`);
}

/** What reading a record gave: its openings, or why a record that exists was not used. */
export interface OpeningRecordRead {
  openings?: Opening[];
  problem?: string;
}

/**
 * The openings recorded for `key`; `undefined` when there is no record, or one that cannot be
 * read, another format's or another key's. `problem` says why a record that exists was not
 * used.
 */
export async function readOpeningRecord(path: string, key: string): Promise<OpeningRecordRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return {};
  }
  let record: Partial<OpeningRecordFile>;
  try {
    record = JSON.parse(text) as Partial<OpeningRecordFile>;
  } catch (error) {
    return { problem: `${path} is not JSON (${(error as Error).message})` };
  }
  if (record.format !== RECORD_FORMAT || record.key !== key) return {};
  const { openings } = record;
  if (
    !Array.isArray(openings) ||
    !openings.every((opening) => Array.isArray(opening) && opening.every(isExchange))
  ) {
    return { problem: `${path} does not hold openings` };
  }
  return { openings };
}

function isExchange(value: unknown): value is OpeningExchange {
  if (typeof value !== 'object' || value === null) return false;
  const { method, answer } = value as Record<string, unknown>;
  if (typeof method !== 'string') return false;
  if (answer === undefined) return true;
  return typeof answer === 'object' && answer !== null && ('result' in answer || 'error' in answer);
}

/**
 * Writes the record of `key` whole: aside, then renamed over the old one, so that a server
 * starting meanwhile reads the old record or the new, never half of one. Keeps the
 * {@link KEPT_RECORDS} newest records of the directory.
 */
export async function writeOpeningRecord(
  path: string,
  key: string,
  openings: readonly Opening[],
): Promise<void> {
  const dir = join(path, '..');
  await mkdir(dir, { recursive: true });
  const record: OpeningRecordFile = { format: RECORD_FORMAT, key, openings };
  const aside = `${path}.${randomUUID()}.tmp`;
  await writeFile(aside, JSON.stringify(record));
  await rename(aside, path);
  await forgetOldRecords(dir);
}

/** How old a record left aside must be to be taken for a write that never finished. */
const ABANDONED_MS = 60_000;

async function forgetOldRecords(dir: string): Promise<void> {
  const all = (await readdir(dir)).filter((name) => name.startsWith(RECORD_PREFIX));
  for (const name of all.filter((each) => each.endsWith('.tmp'))) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info !== null && Date.now() - info.mtimeMs > ABANDONED_MS) {
      await rm(join(dir, name), { force: true });
    }
  }
  const names = all.filter((name) => name.endsWith('.json'));
  if (names.length <= KEPT_RECORDS) return;
  const dated = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(dir, name)).catch(() => null);
      return { name, time: info?.mtimeMs ?? 0 };
    }),
  );
  dated.sort((a, b) => b.time - a.time);
  for (const { name } of dated.slice(KEPT_RECORDS)) {
    await rm(join(dir, name), { force: true });
  }
}
