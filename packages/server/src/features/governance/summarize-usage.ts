import { type UsageReport, UsageTable } from '../../kernel/tool-usage.js';
import type { LedgerRecord } from './ledger-record.js';

/**
 * Options of {@link summarizeUsage}.
 *
 * @example
 * ```ts
 * const options: SummarizeUsageOptions = { since: new Date(Date.now() - 86_400_000) };
 * ```
 */
export interface SummarizeUsageOptions {
  /** Count only the calls that started at or after this time. */
  since?: Date;
}

/**
 * The figures of `GET /usage` (calls, errors, p50/p95 duration, last call, per tool) computed
 * from ledger records: what `apcore-mcp usage` prints. Tool calls only: the records of reads,
 * prompts and completions (with a `method`) are left out. Percentiles are taken over every
 * matching call; `since` is the given time, else the first record's, else `null`.
 *
 * @example
 * ```ts
 * const report = summarizeUsage(records, { since: new Date('2026-11-24T00:00:00Z') });
 * for (const tool of report.tools) console.log(tool.tool, tool.calls, tool.p95Ms);
 * ```
 */
export function summarizeUsage(
  records: Iterable<LedgerRecord>,
  options: SummarizeUsageOptions = {},
): UsageReport {
  const since = options.since?.getTime() ?? Number.NEGATIVE_INFINITY;
  const table = new UsageTable(Number.POSITIVE_INFINITY);
  let first = Number.POSITIVE_INFINITY;
  for (const record of records) {
    const startedAt = Date.parse(record.time);
    // Usage is per tool: the lines of reads, prompts and completions are not tool calls.
    if (!(startedAt >= since) || record.method !== undefined) continue;
    first = Math.min(first, startedAt);
    table.add({
      tool: record.tool,
      moduleId: record.moduleId,
      durationMs: record.durationMs,
      failed: record.outcome !== 'ok',
      errorCode: record.outcome === 'ok' ? undefined : record.outcome,
      startedAt,
    });
  }
  const start = options.since ?? (Number.isFinite(first) ? new Date(first) : undefined);
  return { since: start?.toISOString() ?? null, tools: table.toUsage() };
}
