import {
  LIMIT_TOLERANCE,
  type LimitCounter,
  type LimitDecision,
  type LimitStore,
} from './limit-store.js';

/** How often expired counters are swept out, at most. */
const SWEEP_INTERVAL_MS = 60_000;

interface Count {
  value: number;
  expiresAt: number;
}

/**
 * A {@link LimitStore} in memory, which says how many counters it holds.
 *
 * @example
 * ```ts
 * const store = createMemoryLimitStore();
 * console.log(store.size); // 0
 * ```
 */
export interface MemoryLimitStore extends LimitStore {
  /** How many counters are held right now (ended windows included until the next sweep). */
  readonly size: number;
  peek(counters: readonly LimitCounter[], now: number): Promise<LimitDecision>;
}

/**
 * Counters in this process's memory: the default store, right for one instance. Counters of
 * ended windows are swept out (at most once a minute), so memory follows the subjects active in
 * the current windows, not every subject ever seen.
 *
 * @example
 * ```ts
 * await serve(registry, { limits: { calls: '60/min', store: createMemoryLimitStore() } });
 * ```
 */
export function createMemoryLimitStore(): MemoryLimitStore {
  const counts = new Map<string, Count>();
  let nextSweepAt = 0;
  const sweep = (now: number): void => {
    if (now < nextSweepAt) return;
    nextSweepAt = now + SWEEP_INTERVAL_MS;
    for (const [key, count] of counts) if (count.expiresAt <= now) counts.delete(key);
  };
  const currentOf = (counter: LimitCounter, now: number): number => {
    const count = counts.get(counter.key);
    return count === undefined || count.expiresAt <= now ? 0 : count.value;
  };
  const firstRefused = (
    counters: readonly LimitCounter[],
    now: number,
  ): LimitDecision | undefined => {
    for (const [index, counter] of counters.entries()) {
      const current = currentOf(counter, now);
      if (current + counter.amount > counter.limit + LIMIT_TOLERANCE) {
        return { admitted: false, refused: index, current };
      }
    }
    return undefined;
  };
  return {
    get size() {
      return counts.size;
    },
    // Synchronous inside: no other call can run between the checks and the additions.
    async consume(counters, now): Promise<LimitDecision> {
      sweep(now);
      const refusal = firstRefused(counters, now);
      if (refusal !== undefined) return refusal;
      for (const counter of counters) {
        const value = currentOf(counter, now) + counter.amount;
        counts.set(counter.key, { value, expiresAt: counter.expiresAt });
      }
      return { admitted: true };
    },
    async peek(counters, now): Promise<LimitDecision> {
      return firstRefused(counters, now) ?? { admitted: true };
    },
    async close() {
      counts.clear();
    },
  };
}
