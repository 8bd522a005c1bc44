import { describe, expect, it } from 'vitest';
import { percentile } from '../../kernel/tool-usage.js';
import type { LedgerRecord } from './ledger-record.js';
import { summarizeUsage } from './summarize-usage.js';

function record(tool: string, durationMs: number, minute: number, outcome = 'ok'): LedgerRecord {
  return {
    time: new Date(Date.UTC(2026, 10, 24, 14, minute)).toISOString(),
    subject: 'alice',
    tool,
    moduleId: tool.replace('-', '.'),
    arguments: {},
    durationMs,
    outcome,
    cost: 0,
  };
}

describe('percentile', () => {
  it('takes the nearest rank, and 0 for no values', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([], 50)).toBe(0);
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
  });
});

describe('summarizeUsage', () => {
  it('counts calls and errors, p50/p95 and the last call, per tool in name order', () => {
    const records = [
      ...Array.from({ length: 20 }, (_, index) => record('math-add', index + 1, index)),
      record('math-add', 100, 30, 'SCHEMA_VALIDATION_ERROR'),
      record('files-remove', 2, 5, 'APPROVAL_DENIED'),
    ];
    const report = summarizeUsage(records);
    expect(report.since).toBe('2026-11-24T14:00:00.000Z');
    expect(report.tools).toEqual([
      {
        tool: 'files-remove',
        moduleId: 'files.remove',
        calls: 1,
        errors: 1,
        errorRate: 1,
        errorCodes: { APPROVAL_DENIED: 1 },
        p50Ms: 2,
        p95Ms: 2,
        lastCalledAt: '2026-11-24T14:05:00.000Z',
      },
      {
        tool: 'math-add',
        moduleId: 'math.add',
        calls: 21,
        errors: 1,
        errorRate: 0.0476,
        errorCodes: { SCHEMA_VALIDATION_ERROR: 1 },
        p50Ms: 11,
        p95Ms: 20,
        lastCalledAt: '2026-11-24T14:30:00.000Z',
      },
    ]);
  });

  it('counts only the calls since the given time, and says so', () => {
    const since = new Date(Date.UTC(2026, 10, 24, 14, 10));
    const report = summarizeUsage([record('a-b', 1, 5), record('a-b', 3, 10)], { since });
    expect(report.since).toBe(since.toISOString());
    expect(report.tools[0]).toMatchObject({ calls: 1, p50Ms: 3 });
  });

  it("keeps a grouped tool's actions apart: one entry per module it ran", () => {
    const grouped = (moduleId: string, durationMs: number, minute: number) => ({
      ...record('orders', durationMs, minute),
      moduleId,
    });
    const report = summarizeUsage([
      grouped('orders.refund', 5, 1),
      grouped('orders.list', 1, 2),
      grouped('orders.list', 3, 3),
    ]);
    expect(
      report.tools.map(({ tool, moduleId, calls, p95Ms }) => [tool, moduleId, calls, p95Ms]),
    ).toEqual([
      ['orders', 'orders.list', 2, 3],
      ['orders', 'orders.refund', 1, 5],
    ]);
  });

  it('reports no tools and no start for no records', () => {
    expect(summarizeUsage([])).toEqual({ since: null, tools: [] });
  });
});
