import { summarizeUsage, type UsageReport } from '@apcore-mcp/server/governance';
import { CliError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import { formatTable } from '../format-table.js';
import type { CliIo } from '../io.js';
import type { ResolvedSettings } from '../settings/settings.js';
import {
  parseLedgerText,
  readLedgerText,
  reportProblems,
  requireLedgerFile,
} from './ledger-file.js';

const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * `--since`: an ISO date (`2026-11-24`, `2026-11-24T12:00:00Z`) or a time back from `now`
 * (`30m`, `24h`, `7d`).
 *
 * @throws {CliError} (exit 1) for anything else.
 */
export function parseSince(value: unknown, now: number): Date | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const relative = /^(\d+)([mhd])$/.exec(text);
  if (relative) return new Date(now - Number(relative[1]) * (UNIT_MS[relative[2] ?? ''] ?? 0));
  const time = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new CliError(
      `--since must be an ISO date (2026-11-24T00:00:00Z) or a duration such as 30m, 24h, 7d (got ${JSON.stringify(text)})`,
      { code: 'INVALID_ARGUMENT', details: { flag: '--since' } },
    );
  }
  return new Date(time);
}

/** The codes of a tool's errors, most frequent first: `RATE_LIMITED×3,INTERNAL_ERROR×1`. */
function formatErrorCodes(errorCodes: Readonly<Record<string, number>>): string {
  const entries = Object.entries(errorCodes).sort(([, a], [, b]) => b - a);
  return entries.length === 0 ? '-' : entries.map(([code, count]) => `${code}×${count}`).join(',');
}

function formatReport(report: UsageReport): string {
  const rows = report.tools.map((tool) => [
    tool.tool,
    tool.moduleId,
    String(tool.calls),
    String(tool.errors),
    `${(tool.errorRate * 100).toFixed(1)}%`,
    tool.p50Ms.toFixed(1),
    tool.p95Ms.toFixed(1),
    tool.lastCalledAt,
    formatErrorCodes(tool.errorCodes),
  ]);
  const headers = [
    'TOOL',
    'MODULE ID',
    'CALLS',
    'ERRORS',
    'ERROR RATE',
    'P50 MS',
    'P95 MS',
    'LAST CALLED',
    'ERROR CODES',
  ];
  return formatTable(headers, rows);
}

/**
 * `apcore-mcp usage`: per tool calls, errors, error rate and codes, p50/p95 duration and last
 * call, from the ledger
 * file (optionally only calls `--since` a time), as a table or with `--json` as the very JSON
 * `GET /usage` answers. Malformed lines are reported on stderr and skipped.
 *
 * @throws {CliError} (exit 1) no ledger file named, the file missing, a bad `--since`.
 */
export async function runUsageCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  const path = requireLedgerFile(resolved, 'usage');
  const since = parseSince(flags.since, Date.now());
  const { entries, problems } = parseLedgerText(await readLedgerText(path));
  reportProblems(problems, path, io);
  const report = summarizeUsage(
    entries.map((entry) => entry.record),
    since === undefined ? {} : { since },
  );
  if (flags.json === true) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else io.stdout.write(formatReport(report));
  const calls = report.tools.reduce((sum, tool) => sum + tool.calls, 0);
  io.stderr.write(`${calls} ${calls === 1 ? 'call' : 'calls'} since ${report.since ?? '-'}\n`);
  return ExitCode.Success;
}
