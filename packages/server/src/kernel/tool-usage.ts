/**
 * One tool's figures in a usage report: one entry per tool and module run, so a grouped tool
 * has one per action called.
 *
 * @example
 * ```ts
 * const usage: ToolUsage = { tool: 'catalog-search', moduleId: 'catalog.search', calls: 12,
 *   errors: 1, errorRate: 0.0833, errorCodes: { RATE_LIMITED: 1 }, p50Ms: 2.1, p95Ms: 9.8,
 *   lastCalledAt: '2026-11-24T14:02:11.532Z' };
 * ```
 */
export interface ToolUsage {
  tool: string;
  moduleId: string;
  calls: number;
  /** Calls that ended in an error (refused ones included). */
  errors: number;
  /** `errors / calls`, from 0 to 1 (rounded to 4 decimals). */
  errorRate: number;
  /** How many errors of each code (`RATE_LIMITED`, `INTERNAL_ERROR`, ...); `ERROR` without one. */
  errorCodes: Record<string, number>;
  /** Median duration in ms (nearest rank). */
  p50Ms: number;
  /** 95th percentile duration in ms (nearest rank). */
  p95Ms: number;
  /** When the latest call started, ISO 8601. */
  lastCalledAt: string;
}

/**
 * What `GET /usage` and `apcore-mcp usage` answer: per tool figures since a point in time.
 *
 * @example
 * ```ts
 * const report = (await (await fetch('http://127.0.0.1:8000/usage')).json()) as UsageReport;
 * ```
 */
export interface UsageReport {
  /** Where the figures start: the server's start, the `--since` time, or the first record (`null`: none). */
  since: string | null;
  /** By tool name, then module id (a grouped tool has one entry per action called). */
  tools: ToolUsage[];
}

/** One call as usage counts it. */
export interface UsageSample {
  tool: string;
  moduleId: string;
  durationMs: number;
  failed: boolean;
  /** The failed call's error code, when it had one. */
  errorCode?: string | undefined;
  /** When the call started, epoch ms. */
  startedAt: number;
}

/**
 * The running figures of one tool and the module it ran. Durations are kept in a ring of the
 * latest `maxSamples` calls, so a busy tool costs bounded memory and its percentiles follow
 * recent calls.
 */
export class ToolUsageAccumulator {
  readonly #tool: string;
  readonly #moduleId: string;
  readonly #maxSamples: number;
  readonly #durations: number[] = [];
  #next = 0;
  #calls = 0;
  #errors = 0;
  readonly #errorCodes = new Map<string, number>();
  #lastCalledAt = Number.NEGATIVE_INFINITY;

  constructor(tool: string, moduleId: string, maxSamples: number) {
    this.#tool = tool;
    this.#moduleId = moduleId;
    this.#maxSamples = maxSamples;
  }

  add(sample: UsageSample): void {
    this.#calls += 1;
    if (sample.failed) {
      this.#errors += 1;
      const code = sample.errorCode ?? 'ERROR';
      this.#errorCodes.set(code, (this.#errorCodes.get(code) ?? 0) + 1);
    }
    if (sample.startedAt >= this.#lastCalledAt) this.#lastCalledAt = sample.startedAt;
    if (this.#durations.length < this.#maxSamples) this.#durations.push(sample.durationMs);
    else {
      this.#durations[this.#next] = sample.durationMs;
      this.#next = (this.#next + 1) % this.#maxSamples;
    }
  }

  toUsage(): ToolUsage {
    const sorted = [...this.#durations].sort((a, b) => a - b);
    return {
      tool: this.#tool,
      moduleId: this.#moduleId,
      calls: this.#calls,
      errors: this.#errors,
      errorRate: Math.round((this.#errors / Math.max(1, this.#calls)) * 10_000) / 10_000,
      errorCodes: Object.fromEntries([...this.#errorCodes].sort(([a], [b]) => compareText(a, b))),
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      lastCalledAt: new Date(this.#lastCalledAt).toISOString(),
    };
  }
}

/**
 * The nearest-rank percentile of ascending values (0 for none), rounded to µs.
 *
 * @example
 * ```ts
 * percentile([1, 2, 3, 4], 50); // 2
 * ```
 */
export function percentile(sorted: readonly number[], rank: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length, Math.max(1, Math.ceil((rank / 100) * sorted.length))) - 1;
  return Math.round((sorted[index] ?? 0) * 1000) / 1000;
}

/**
 * Figures per tool and module for a stream of samples, reported in tool name order, then module
 * id. A grouped tool runs one module per action: each gets its own figures, so the usage of an
 * action can be shown to exactly those who may call it.
 */
export class UsageTable {
  readonly #tools = new Map<string, Map<string, ToolUsageAccumulator>>();
  readonly #maxSamples: number;

  constructor(maxSamples: number) {
    this.#maxSamples = maxSamples;
  }

  add(sample: UsageSample): void {
    let modules = this.#tools.get(sample.tool);
    if (modules === undefined) {
      modules = new Map();
      this.#tools.set(sample.tool, modules);
    }
    let figures = modules.get(sample.moduleId);
    if (figures === undefined) {
      figures = new ToolUsageAccumulator(sample.tool, sample.moduleId, this.#maxSamples);
      modules.set(sample.moduleId, figures);
    }
    figures.add(sample);
  }

  toUsage(): ToolUsage[] {
    return [...this.#tools.values()]
      .flatMap((modules) => [...modules.values()].map((figures) => figures.toUsage()))
      .sort((a, b) => compareText(a.tool, b.tool) || compareText(a.moduleId, b.moduleId));
  }
}

/** Code unit order, as the report has always been sorted (not the locale's). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
