import type { GovernedCall, SettledCall } from '../../calls/call-governance.js';
import { readErrorCode } from '../../kernel/tool-call-result.js';
import { type ToolUsage, UsageTable } from '../../kernel/tool-usage.js';

/** Calls kept for the `system.usage.*` periods: the oldest leave first. */
const DEFAULT_MAX_SAMPLES = 10_000;

/** What one answered call leaves behind. */
interface CallSample {
  readonly tool: string;
  readonly moduleId: string;
  readonly durationMs: number;
  readonly failed: boolean;
  readonly errorCode: string | undefined;
  readonly startedAt: number;
}

/** The usage of the calls since a moment, and whether older calls were already let go. */
export type UsageSince = {
  readonly since: string;
  readonly tools: ToolUsage[];
  /** Some calls of the period were let go (the ring is full): the figures count fewer. */
  readonly partial: boolean;
};

/** The health of one module, from its calls since the server started. */
export type ModuleHealth = {
  readonly moduleId: string;
  readonly status: 'healthy' | 'degraded' | 'unknown';
  readonly calls: number;
  readonly errors: number;
  readonly errorRate: number;
  readonly lastErrorCode: string | null;
};

/**
 * The answered calls the management modules report on: a bounded ring of samples (so a period
 * can be cut out of it), fed by the `record` step as the usage tracker is.
 *
 * @example
 * ```ts
 * const samples = new CallSamples();
 * samples.settle(call, settled);
 * samples.usageSince(Date.now() - 3_600_000);
 * ```
 */
export class CallSamples {
  readonly #samples: CallSample[] = [];
  readonly #max: number;
  readonly #now: () => number;
  #dropped = false;
  /** When the first call still kept started (the ring's horizon). */
  #horizon: number;

  constructor(options: { maxSamples?: number; now?: () => number } = {}) {
    this.#max = options.maxSamples ?? DEFAULT_MAX_SAMPLES;
    this.#now = options.now ?? Date.now;
    this.#horizon = this.#now();
  }

  /** Keeps one answered call. */
  settle = (call: GovernedCall, settled: SettledCall): void => {
    this.#samples.push({
      tool: call.tool,
      moduleId: call.served.moduleId,
      durationMs: settled.durationMs,
      failed: settled.result.isError === true,
      errorCode: readErrorCode(settled.result),
      startedAt: this.#now() - settled.durationMs,
    });
    if (this.#samples.length > this.#max) {
      const gone = this.#samples.shift();
      this.#dropped = true;
      if (gone !== undefined) this.#horizon = gone.startedAt;
    }
  };

  /** The usage per tool of the calls started at `since` (epoch ms) or later. */
  usageSince(since: number): UsageSince {
    const table = new UsageTable(1024);
    for (const sample of this.#samples) {
      if (sample.startedAt >= since) table.add(sample);
    }
    return {
      since: new Date(since).toISOString(),
      tools: table.toUsage(),
      partial: this.#dropped && since < this.#horizon,
    };
  }

  /** The health of `moduleId`: degraded when a quarter or more of its latest calls failed. */
  healthOf(moduleId: string): ModuleHealth {
    const calls = this.#samples.filter((sample) => sample.moduleId === moduleId);
    const errors = calls.filter((sample) => sample.failed);
    const latest = calls.slice(-20);
    const latestErrors = latest.filter((sample) => sample.failed).length;
    const status =
      calls.length === 0 ? 'unknown' : latestErrors * 4 >= latest.length ? 'degraded' : 'healthy';
    return {
      moduleId,
      status,
      calls: calls.length,
      errors: errors.length,
      errorRate: calls.length === 0 ? 0 : Math.round((errors.length / calls.length) * 1000) / 1000,
      lastErrorCode: errors.at(-1)?.errorCode ?? null,
    };
  }
}
