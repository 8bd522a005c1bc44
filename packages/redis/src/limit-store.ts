// The shape of @apcore-mcp/server's LimitStore, declared here rather than imported: the server
// does not depend on this package, and this package must not depend on the server. A type test
// in the server keeps the two shapes in step.

/**
 * One counter a call would add to: a subject's calls (or spending) in one window. The server
 * builds these; the store only adds them up.
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
 * What {@link RedisLimitStore.consume} decided: every counter taken, or the first one that
 * would have gone over its limit (then none was taken).
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
 * Counters kept in Redis: a `LimitStore` of `@apcore-mcp/server`, to give as its `store`
 * option. `consume` is all or nothing and atomic across every instance sharing the Redis.
 *
 * @example
 * ```ts
 * const store: RedisLimitStore = await createRedisLimitStore('redis://127.0.0.1:6379');
 * await serve(registry, { transport: 'streamable-http', limits: { calls: '60/min' }, store });
 * ```
 */
export interface RedisLimitStore {
  /**
   * Adds every counter's amount if all stay within their limits; else adds nothing. Rejects
   * when Redis cannot answer (the server then refuses the call).
   */
  consume(counters: readonly LimitCounter[], now: number): Promise<LimitDecision>;
  /** What `consume` would decide, adding nothing (a call's dry run). */
  peek(counters: readonly LimitCounter[], now: number): Promise<LimitDecision>;
  /** Closes the connection the store opened from a URL; a given client is left open. */
  close(): Promise<void>;
}
