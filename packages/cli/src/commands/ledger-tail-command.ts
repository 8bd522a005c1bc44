import { CliError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { ResolvedSettings } from '../settings/settings.js';
import { followLedger } from './follow-ledger.js';
import {
  type LedgerEntry,
  parseLedgerText,
  readLedgerText,
  reportProblems,
  requireLedgerFile,
} from './ledger-file.js';
import { formatLedgerHeader, formatLedgerRow } from './ledger-table.js';

const DEFAULT_LINES = 20;

/** `--lines`: a whole number of at least 1. */
function readLineCount(value: unknown): number {
  if (value === undefined) return DEFAULT_LINES;
  const text = String(value);
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(count >= 1 && Number.isSafeInteger(count))) {
    throw new CliError(
      `--lines must be a whole number of at least 1 (got ${JSON.stringify(text)})`,
      {
        code: 'INVALID_ARGUMENT',
        details: { flag: '--lines' },
      },
    );
  }
  return count;
}

/** Ends following on the first SIGINT or SIGTERM (the command then exits 0). */
function abortOnSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

/**
 * `apcore-mcp ledger tail`: the latest `--lines` records of the ledger file (optionally only
 * those of `--subject`), as a table or, with `--json`, as the JSON lines themselves. Malformed
 * lines are reported on stderr with their line number and skipped. With `--follow` it goes on
 * printing new records until SIGINT or SIGTERM.
 *
 * @throws {CliError} (exit 1) no ledger file named, the file missing, a bad `--lines`.
 */
export async function runLedgerTailCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  const path = requireLedgerFile(resolved, 'ledger tail');
  const lines = readLineCount(flags.lines);
  const subject = typeof flags.subject === 'string' ? flags.subject : undefined;
  const follow = flags.follow === true;
  const text = await readLedgerText(path);
  // Following reads on from the last complete line: a batch being written is read once whole.
  const read = follow ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
  const { entries, problems } = parseLedgerText(read);
  reportProblems(problems, path, io);
  const isSelected = (entry: LedgerEntry): boolean =>
    subject === undefined || entry.record.subject === subject;
  const print = (entry: LedgerEntry): void => {
    io.stdout.write(flags.json === true ? `${entry.raw}\n` : formatLedgerRow(entry.record));
  };
  if (flags.json !== true) io.stdout.write(formatLedgerHeader());
  for (const entry of entries.filter(isSelected).slice(-lines)) print(entry);
  if (!follow) return ExitCode.Success;
  const stop = abortOnSignal();
  try {
    await followLedger({
      path,
      offset: Buffer.byteLength(read),
      nextLine: read.split('\n').length,
      onEntry: (entry) => {
        if (isSelected(entry)) print(entry);
      },
      onProblem: (problem) => reportProblems([problem], path, io),
      signal: stop.signal,
    });
  } finally {
    stop.dispose();
  }
  return ExitCode.Success;
}
