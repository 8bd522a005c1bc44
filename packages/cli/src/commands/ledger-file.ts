import { readFile } from 'node:fs/promises';
import { type LedgerRecord, parseLedgerLine } from '@apcore-mcp/server/governance';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { type ResolvedSettings, textSetting } from '../settings/settings.js';

/** One record of the ledger file, with the line it was read from. */
export interface LedgerEntry {
  record: LedgerRecord;
  /** The line as written (what `--json` prints). */
  raw: string;
}

/** A line that is not a record: where, and why. */
export interface LedgerProblem {
  line: number;
  message: string;
}

/**
 * The ledger file the command reads: `--ledger`, `APCORE_MCP_LEDGER` or `ledger:` in the config.
 *
 * @throws {CliError} (exit 1) when none is named.
 */
export function requireLedgerFile(resolved: ResolvedSettings, command: string): string {
  const path = textSetting(resolved, 'ledger');
  if (path === undefined) {
    throw new CliError(
      `${command} needs the ledger file: pass --ledger FILE (or set APCORE_MCP_LEDGER, or ledger: in the config file)`,
      { code: 'INVALID_ARGUMENT', details: { flag: '--ledger' } },
    );
  }
  return path;
}

/**
 * Reads the records of lines `firstLine`.. of `text`; malformed lines are returned as problems,
 * never thrown.
 */
export function parseLedgerText(
  text: string,
  firstLine = 1,
): { entries: LedgerEntry[]; problems: LedgerProblem[] } {
  const entries: LedgerEntry[] = [];
  const problems: LedgerProblem[] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    try {
      entries.push({ record: parseLedgerLine(raw), raw });
    } catch (error) {
      problems.push({ line: firstLine + index, message: (error as Error).message });
    }
  });
  return { entries, problems };
}

/**
 * The whole ledger file's text (read its records with {@link parseLedgerText}).
 *
 * @throws {CliError} (exit 1) when the file does not exist or cannot be read.
 */
export async function readLedgerText(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'not found' : `cannot be read (${code ?? String(error)})`;
    throw new CliError(`ledger file ${path} ${reason}`, {
      code: 'INVALID_ARGUMENT',
      details: { path },
      cause: error,
    });
  }
  return text;
}

/** One warning line per malformed line, on stderr. */
export function reportProblems(problems: readonly LedgerProblem[], path: string, io: CliIo): void {
  for (const problem of problems) {
    io.stderr.write(`Warning: ${path} line ${problem.line}: skipped, ${problem.message}\n`);
  }
}
