import type { RoundClaims } from '../../store/round-claims.js';
import { openCallRounds } from '../open-call-rounds.js';
import { refuseStoreUnavailable } from '../store-unavailable.js';
import type { CallMiddleware } from './call-middleware.js';

/**
 * Opens a 2026-07-28 call's rounds: what earlier rounds settled, each answered round claimed
 * once in `claims` (a replay is asked again); refused when the store cannot answer.
 *
 * @example
 * ```ts
 * const rounds = createRoundsEntry(claimRoundsIn(createMemoryLimitStore(), ROUND_CLAIM_LIFETIME_MS));
 * ```
 */
export function createRoundsEntry(claims: RoundClaims): CallMiddleware {
  return async (call, next) => {
    const binding = { tool: call.tool, arguments: call.arguments };
    const rounds = await openCallRounds(call.extra, binding, { claims, logger: call.logger });
    if (rounds === 'unavailable') return refuseStoreUnavailable();
    call.rounds = rounds;
    return next();
  };
}
