/**
 * The calls of one tool with one outcome: how many, how long they took together, and how many
 * fell in each duration bucket.
 */
export interface TalliedCalls {
  tool: string;
  outcome: string;
  calls: number;
  /** What the calls took, summed, in seconds. */
  seconds: number;
  /** Calls per duration bucket (not cumulative); the last counts those past every bound. */
  perBucket: number[];
}

/**
 * Answered calls per tool and outcome, counted and timed as plain numbers: the Prometheus
 * series read them when scraped. Updating prom-client's labelled series on every call costs
 * about a microsecond, most of a tool call's overhead; this costs a few map lookups.
 *
 * @example
 * ```ts
 * const tally = new CallTally([0.001, 0.01, 0.1]);
 * tally.count('math-add', 'ok', 0.0004);
 * for (const { tool, outcome, calls } of tally.entries()) console.log(tool, outcome, calls);
 * ```
 */
export class CallTally {
  /** The buckets' upper bounds, in seconds, ascending. */
  readonly bounds: readonly number[];
  readonly #calls = new Map<string, Map<string, TalliedCalls>>();

  constructor(bounds: readonly number[]) {
    this.bounds = bounds;
  }

  /** One more call of `tool` that ended with `outcome` after `seconds`. */
  count(tool: string, outcome: string, seconds: number): void {
    const tallied = this.#tallied(tool, outcome);
    tallied.calls += 1;
    tallied.seconds += seconds;
    const bucket = this.#bucketOf(seconds);
    tallied.perBucket[bucket] = (tallied.perBucket[bucket] ?? 0) + 1;
  }

  /** Every tool and outcome counted so far. */
  *entries(): Generator<Readonly<TalliedCalls>> {
    for (const byOutcome of this.#calls.values()) yield* byOutcome.values();
  }

  /** Forgets every call counted so far. */
  clear(): void {
    this.#calls.clear();
  }

  #tallied(tool: string, outcome: string): TalliedCalls {
    let byOutcome = this.#calls.get(tool);
    if (byOutcome === undefined) {
      byOutcome = new Map();
      this.#calls.set(tool, byOutcome);
    }
    let tallied = byOutcome.get(outcome);
    if (tallied === undefined) {
      const perBucket = new Array<number>(this.bounds.length + 1).fill(0);
      tallied = { tool, outcome, calls: 0, seconds: 0, perBucket };
      byOutcome.set(outcome, tallied);
    }
    return tallied;
  }

  #bucketOf(seconds: number): number {
    const { bounds } = this;
    let index = 0;
    while (index < bounds.length && seconds > (bounds[index] as number)) index += 1;
    return index;
  }
}
