/**
 * Calls answered per tool and outcome, and calls running now, as plain numbers: the Prometheus
 * counter and gauge read them when scraped instead of being updated on every call.
 *
 * @example
 * ```ts
 * const tally = new CallTally();
 * tally.count('math-add', 'ok');
 * for (const { tool, outcome, calls } of tally.entries()) console.log(tool, outcome, calls);
 * ```
 */
export class CallTally {
  /** Calls running right now. */
  inFlight = 0;
  readonly #calls = new Map<string, Map<string, number>>();

  /** One more answered call of `tool` with `outcome`. */
  count(tool: string, outcome: string): void {
    let byOutcome = this.#calls.get(tool);
    if (byOutcome === undefined) {
      byOutcome = new Map();
      this.#calls.set(tool, byOutcome);
    }
    byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
  }

  /** Every tool and outcome counted so far, with its total. */
  *entries(): Generator<{ tool: string; outcome: string; calls: number }> {
    for (const [tool, byOutcome] of this.#calls) {
      for (const [outcome, calls] of byOutcome) yield { tool, outcome, calls };
    }
  }
}
