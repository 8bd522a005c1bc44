import { measureBuildTools } from './figures/build-tools.js';
import { measureCallOverhead } from './figures/call-overhead.js';
import { measureCliStartup } from './figures/cli-startup.js';
import { measureEvents } from './figures/events.js';
import { measureExportFormats } from './figures/export-formats.js';
import { measureHeapRetained } from './figures/heap-retained.js';
import { measureHttpLoad } from './figures/http-load.js';
import { measureInMemoryCalls } from './figures/in-memory-calls.js';
import { measureTasks } from './figures/tasks.js';
import { measureToolSearch } from './figures/tool-search.js';
import { measureToolsListSize } from './figures/tools-list-size.js';
import type { BenchProfile } from './profiles.js';
import type { BenchReport } from './report/bench-report.js';
import type { Figure } from './report/figure.js';
import { describeMachine } from './report/machine-info.js';

/** A group of figures: one function measuring them from the profile. */
interface FigureGroup {
  name: string;
  measure(profile: BenchProfile): Promise<Figure[]>;
}

/** Every group, in the order of the README. */
export const FIGURE_GROUPS: readonly FigureGroup[] = [
  { name: 'build tools', measure: (profile) => measureBuildTools(profile.buildTools) },
  { name: 'call overhead', measure: (profile) => measureCallOverhead(profile.callOverhead) },
  { name: 'in-memory calls', measure: (profile) => measureInMemoryCalls(profile.inMemoryCalls) },
  { name: 'HTTP load', measure: (profile) => measureHttpLoad(profile.httpLoad) },
  { name: 'heap retained', measure: (profile) => measureHeapRetained(profile.heapRetained) },
  { name: 'CLI startup', measure: (profile) => measureCliStartup(profile.cliStartup) },
  { name: 'tools/list size', measure: (profile) => measureToolsListSize(profile.toolsListSize) },
  { name: 'tool search', measure: (profile) => measureToolSearch(profile.toolSearch) },
  { name: 'tasks', measure: (profile) => measureTasks(profile.tasks) },
  { name: 'events', measure: (profile) => measureEvents(profile.events) },
  { name: 'export formats', measure: (profile) => measureExportFormats(profile.exportFormats) },
];

/** Options of {@link runBench}. */
export interface RunBenchOptions {
  /** Only the groups whose name contains one of these (all when absent or empty). */
  only?: readonly string[];
  /** Hears each group as it starts (progress for people). */
  onGroup?: (name: string) => void;
}

/**
 * Runs every figure group of `profile`, one after the other. A group that crashes is recorded
 * in `failures` and the others still run.
 *
 * @example
 * ```ts
 * const report = await runBench(SMOKE_PROFILE);
 * console.log(formatTable(report.figures));
 * ```
 */
export async function runBench(
  profile: BenchProfile,
  options: RunBenchOptions = {},
): Promise<BenchReport> {
  const started = performance.now();
  const machine = describeMachine();
  const only = options.only ?? [];
  const report: BenchReport = {
    profile: profile.name,
    machine,
    durationMs: 0,
    figures: [],
    failures: [],
  };
  for (const group of FIGURE_GROUPS) {
    if (only.length > 0 && !only.some((name) => group.name.includes(name))) continue;
    options.onGroup?.(group.name);
    try {
      report.figures.push(...(await group.measure(profile)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      report.failures.push({ group: group.name, message });
    }
  }
  report.durationMs = performance.now() - started;
  return report;
}
