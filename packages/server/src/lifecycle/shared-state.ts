import { ROUND_CLAIM_LIFETIME_MS } from '../calls/rounds-state.js';
import { joinSentence } from '../kernel/invalid-option-error.js';
import type { Logger } from '../kernel/logger.js';
import { optionNotices } from '../options/option-notices.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { createRandomStateKey } from '../options/state-key.js';
import { type CallStateCodec, createCallStateCodec } from '../protocol/call-state-codec.js';
import type { LimitStore } from '../store/limit-store.js';
import { createMemoryLimitStore } from '../store/memory-limit-store.js';
import { claimRoundsIn, type RoundClaims } from '../store/round-claims.js';

/**
 * What the instances behind one endpoint must share for 2026-07-28 questions to work across
 * them: the key that signs `requestState`, and the store where limits are counted and answered
 * rounds claimed.
 *
 * @example
 * ```ts
 * const { store, stateCodec, roundClaims } = openSharedState(options, logger);
 * ```
 */
export interface SharedState {
  /** Limits, budgets and round claims; closed last on shutdown ({@link closeStore}). */
  readonly store: LimitStore;
  /** Signs and verifies the `requestState` of 2026-07-28 input rounds. */
  readonly stateCodec: CallStateCodec;
  /** Where each answered round is claimed once, in `store`. */
  readonly roundClaims: RoundClaims;
}

/**
 * The key and store the options give, or ones of this process's own, saying at startup what
 * that means for several instances: without a key, none of them accepts another's state (info);
 * with a key but no store, each of them would honour an answered approval once (warn).
 *
 * @example
 * ```ts
 * const shared = openSharedState({ stateKey: undefined, store: undefined }, logger);
 * ```
 */
export function openSharedState(
  options: Pick<ResolvedOptions, 'stateKey' | 'store'>,
  logger: Logger,
): SharedState {
  for (const { level, option, sentence } of optionNotices(options)) {
    logger[level](
      { option },
      joinSentence(sentence, (name) => name),
    );
  }
  const store = options.store ?? createMemoryLimitStore();
  return {
    store,
    stateCodec: createCallStateCodec(options.stateKey ?? createRandomStateKey()),
    roundClaims: claimRoundsIn(store, ROUND_CLAIM_LIFETIME_MS),
  };
}

/**
 * Closes the shared store, at shutdown once the features have closed (nothing counts in it any
 * more) or when the start fails; never rejects.
 *
 * @example
 * ```ts
 * await closeStore(shared, logger);
 * ```
 */
export async function closeStore(shared: SharedState, logger: Logger): Promise<void> {
  try {
    await shared.store.close();
  } catch (error) {
    logger.warn({ err: error }, 'Could not close the limit store');
  }
}
