import { redisSkipReason } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { SMOKE_PROFILE } from '../../src/profiles.js';
import { findProblems } from '../../src/report/bench-report.js';
import { formatTable } from '../../src/report/format-table.js';
import { runBench } from '../../src/run-bench.js';

/** Every figure a run must report, whatever the sizes. */
const EXPECTED_IDS = [
  'build.mcp.10',
  'build.openai.10',
  'build.openai-strict.10',
  'build.floor.10',
  'build.mcp.50',
  'build.openai.50',
  'build.openai-strict.50',
  'build.floor.50',
  'build.mcp.linearity',
  'build.openai.linearity',
  'build.openai-strict.linearity',
  'call.executor',
  'call.router',
  'call.router.traced',
  'call.router.observed',
  'in-memory.sequential',
  'in-memory.concurrent',
  'http.2025.c2.throughput',
  'http.2025.c2.metrics.throughput',
  'http.2025.c2.p50',
  'http.2025.c2.p99',
  'http.2025.c2.rss',
  'http.2025.c5.throughput',
  'http.2025.c5.metrics.throughput',
  'http.2025.c5.p50',
  'http.2025.c5.p99',
  'http.2025.c5.rss',
  'http.2025.c5.shared.throughput',
  'http.2025.c5.shared.metrics.throughput',
  'http.2025.c5.shared.p50',
  'http.2025.c5.shared.p99',
  'http.2025.c5.shared.rss',
  'http.2026.c2.throughput',
  'http.2026.c2.metrics.throughput',
  'http.2026.c2.p50',
  'http.2026.c2.p99',
  'http.2026.c2.rss',
  'http.2026.c5.throughput',
  'http.2026.c5.metrics.throughput',
  'http.2026.c5.p50',
  'http.2026.c5.p99',
  'http.2026.c5.rss',
  'heap.tools.10',
  'heap.parsed.10',
  'heap.tools.20',
  'heap.parsed.20',
  'cli.start.js',
  'cli.start.ts',
  'cli.firstCall.js',
  'cli.firstCall.ts',
  'cli.start.js.1000',
  'cli.start.ts.1000',
  'cli.firstCall.js.1000',
  'cli.firstCall.ts.1000',
  'tools-list.none.bytes',
  'tools-list.none.tokens',
  'tools-list.namespace.bytes',
  'tools-list.namespace.tokens',
  'tools-list.namespace-toon.bytes',
  'tools-list.namespace-toon.tokens',
  'tools-list.tool-search.bytes',
  'tools-list.tool-search.tokens',
  'toolSearch.list.bytes.100',
  'toolSearch.list.tokens.100',
  'toolSearch.firstSearch.100',
  'toolSearch.latency.p50.100',
  'toolSearch.latency.p95.100',
  'toolSearch.top1.100',
  'tasks.in-memory.throughput',
  'tasks.in-memory.rss',
  // Outside CI, a machine without redis-server measures the in-memory engine only.
  ...(redisSkipReason() === undefined ? ['tasks.redis.throughput', 'tasks.redis.rss'] : []),
  ...['memory', ...(redisSkipReason() === undefined ? ['redis'] : [])].flatMap((log) => [
    `events.${log}.emit.throughput`,
    ...['poll', 'push'].flatMap((mode) =>
      ['delivered', 'p50', 'p99'].map((what) => `events.${log}.${mode}.${what}`),
    ),
  ]),
  'export.openai.10',
  'export.anthropic.10',
  'export.gemini.10',
  'export.openai.strict.10',
  'export.openai.50',
  'export.anthropic.50',
  'export.gemini.50',
  'export.openai.strict.50',
];

// Structure only: timings on a shared test machine mean nothing and are never checked here.
describe('the smoke pass', () => {
  // Every figure at tiny sizes still starts dozens of servers: minutes on a busy machine.
  it('reports every figure, with finite numbers, a verdict where there is a target, and no errors', async () => {
    const report = await runBench(SMOKE_PROFILE);

    expect(report.failures).toEqual([]);
    expect(findProblems(report)).toEqual([]);
    expect(report.figures.map((figure) => figure.id)).toEqual(EXPECTED_IDS);
    for (const figure of report.figures) {
      expect(figure.errors).toBe(0);
      expect(Number.isFinite(figure.ours) && Number.isFinite(figure.baseline)).toBe(true);
      expect(Number.isFinite(figure.ratio)).toBe(true);
      expect(figure.pass === null).toBe(figure.target === null);
    }
    // Figures read from servers in other processes: a zero would be a reading that failed.
    const readOutside = /^(cli\.start|http\..*\.rss$)/;
    const measuredOutside = report.figures.filter((figure) => readOutside.test(figure.id));
    expect(measuredOutside.map((figure) => figure.id)).toEqual(
      EXPECTED_IDS.filter((id) => readOutside.test(id)),
    );
    for (const figure of measuredOutside) {
      expect(figure.ours).toBeGreaterThan(0);
      expect(figure.baseline).toBeGreaterThan(0);
      expect(figure.target).toMatch(/^goal <= /);
    }
    // The tasks figures are information (no target); their RSS is read from outside too.
    for (const id of EXPECTED_IDS.filter((id) => id.startsWith('tasks.') && id.endsWith('.rss'))) {
      const tasksRss = report.figures.find((figure) => figure.id === id);
      expect(tasksRss?.ours).toBeGreaterThan(0);
      expect(tasksRss?.baseline).toBeGreaterThan(0);
      expect(tasksRss?.target).toBeNull();
    }
    // Every event emitted reached its subscriber: a missing one would be an error above.
    for (const figure of report.figures.filter((one) => one.id.startsWith('events.'))) {
      expect(figure.ours).toBeGreaterThan(0);
      expect(figure.target).toBeNull();
    }
    expect(report.machine.cores).toBeGreaterThan(0);
    expect(report.machine.node).toBe(process.version);
    expect(formatTable(report.figures).split('\n')).toHaveLength(EXPECTED_IDS.length + 2);
  }, 900_000);
});
