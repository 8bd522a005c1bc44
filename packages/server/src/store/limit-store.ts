/**
 * One counter a call would add to: a subject's calls (or spending) in one window.
 *
 * @example
 * ```ts
 * const counter: LimitCounter = { key: '{alice}:calls:minute:1767225600000', amount: 1, limit: 60, expiresAt: 1767225660000 };
 * ```
 */
export interface LimitCounter {
  /** Names the counter; the same subject, kind and window always give the same key. */
  readonly key: string;
  /** What this call adds: 1 for a call, the module's cost for a budget. Greater than 0. */
  readonly amount: number;
  /** The most the counter may reach. */
  readonly limit: number;
  /** When the window ends (ms since the epoch): the counter may be forgotten from then on. */
  readonly expiresAt: number;
}

/**
 * What {@link LimitStore.consume} decided: every counter taken, or the first one that would
 * have gone over its limit (then none was taken).
 *
 * @example
 * ```ts
 * const decision = await store.consume(counters, Date.now());
 * if (!decision.admitted) console.log(counters[decision.refused], decision.current);
 * ```
 */
export type LimitDecision =
  | { readonly admitted: true }
  | {
      readonly admitted: false;
      /** The index in the given counters of the first one over its limit. */
      readonly refused: number;
      /** That counter's value before this call. */
      readonly current: number;
    };

/**
 * Where limits and budgets are counted. `consume` is all or nothing, and atomic: it checks that
 * every counter stays within its limit after adding its amount, and only then adds every
 * amount, so concurrent calls — from one process or many sharing the store — never get past a
 * limit together. It rejects when the store cannot answer (the call is then refused).
 * `createMemoryLimitStore()` (one process, the default) ships with the server;
 * `createRedisLimitStore()` of `@apcore-mcp/redis` shares the counters between instances.
 *
 * @example
 * ```ts
 * const store: LimitStore = createMemoryLimitStore();
 * await serve(registry, { limits: { calls: '60/min', store } });
 * ```
 */
export interface LimitStore {
  /** Adds every counter's amount if all stay within their limits; else adds nothing. */
  consume(counters: readonly LimitCounter[], now: number): Promise<LimitDecision>;
  /**
   * What {@link consume} would decide, adding nothing (a call's dry run). Optional: a store
   * without it leaves a dry run's limits unchecked.
   */
  peek?(counters: readonly LimitCounter[], now: number): Promise<LimitDecision>;
  /** Lets go of what the store holds (connections); the server calls it on shutdown. */
  close(): Promise<void>;
}

/**
 * How much a float sum may pass a limit and still be within it: costs like 0.1 + 0.2 must not
 * refuse a budget of 0.3. Both stores compare with it (`@apcore-mcp/redis`'s script has the
 * same number).
 *
 * @example
 * ```ts
 * const over = current + amount > limit + LIMIT_TOLERANCE;
 * ```
 */
export const LIMIT_TOLERANCE = 1e-9;
