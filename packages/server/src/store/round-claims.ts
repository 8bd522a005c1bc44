import type { LimitStore } from './limit-store.js';

/**
 * Where the one-time ids of 2026-07-28 input rounds are used up. A round's signed
 * `requestState` with its answer (an approval, an `elicit()` answer) is good for one attempt
 * only: the first retry that claims the round's id runs; a replay of the same state and answer
 * finds the id taken. Claims in a shared store hold across every instance using it.
 *
 * @example
 * ```ts
 * const claims: RoundClaims = claimRoundsIn(createMemoryLimitStore(), 600_000);
 * if (!(await claims.claim(roundId))) askAgain();
 * ```
 */
export interface RoundClaims {
  /**
   * Uses up `round`: `true` the first time, `false` once it was claimed before.
   *
   * @throws when the store cannot answer (the retry must then not run).
   */
  claim(round: string): Promise<boolean>;
}

/**
 * Claims kept in `store` as counters with a limit of one, each kept `lifetimeMs` (at least as
 * long as the state naming it can be verified), so memory or Redis forget them afterwards.
 *
 * @example
 * ```ts
 * import { createRedisLimitStore } from '@apcore-mcp/redis';
 * const claims = claimRoundsIn(await createRedisLimitStore('redis://127.0.0.1:6379'), 600_000);
 * ```
 */
export function claimRoundsIn(
  store: LimitStore,
  lifetimeMs: number,
  now: () => number = Date.now,
): RoundClaims {
  return {
    async claim(round) {
      const at = now();
      const counter = { key: `round:${round}`, amount: 1, limit: 1, expiresAt: at + lifetimeMs };
      return (await store.consume([counter], at)).admitted;
    },
  };
}
