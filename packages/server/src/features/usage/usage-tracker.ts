import type { GovernedCall, SettledCall } from '../../calls/call-governance.js';
import { readErrorCode } from '../../kernel/tool-call-result.js';
import type { UsageReport } from '../../kernel/tool-usage.js';
import { UsageTable } from '../../kernel/tool-usage.js';

/** Durations kept per tool for the percentiles of `GET /usage`. */
const DEFAULT_MAX_SAMPLES = 1024;

/** Options of {@link UsageTracker}. */
export interface UsageTrackerOptions {
  /** Latest durations kept per tool; default 1024. */
  maxSamples?: number;
  /** The clock, in epoch ms; default `Date.now`. */
  now?: () => number;
}

/**
 * Per tool usage of a running server (calls, errors, p50/p95 duration, last call), as a
 * governance part fed by `settle`. Memory is bounded: one entry per served tool, a fixed ring
 * of durations each.
 */
export class UsageTracker {
  readonly #table: UsageTable;
  readonly #now: () => number;
  readonly #since: string;

  constructor(options: UsageTrackerOptions = {}) {
    this.#table = new UsageTable(options.maxSamples ?? DEFAULT_MAX_SAMPLES);
    this.#now = options.now ?? Date.now;
    this.#since = new Date(this.#now()).toISOString();
  }

  /** Counts one answered call. */
  settle = (call: GovernedCall, settled: SettledCall): void => {
    this.#table.add({
      tool: call.tool,
      moduleId: call.served.moduleId,
      durationMs: settled.durationMs,
      failed: settled.result.isError === true,
      errorCode: readErrorCode(settled.result),
      startedAt: this.#now() - settled.durationMs,
    });
  };

  /** The body of `GET /usage`. */
  report = (): UsageReport => ({ since: this.#since, tools: this.#table.toUsage() });
}
