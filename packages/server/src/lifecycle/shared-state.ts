import { hkdfSync } from 'node:crypto';
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
  /** A key of its own for `purpose`, derived from the state key (see {@link deriveStateKey}). */
  readonly deriveKey: (purpose: string) => Uint8Array;
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
  const stateKey = options.stateKey ?? createRandomStateKey();
  return {
    store,
    stateCodec: createCallStateCodec(stateKey),
    roundClaims: claimRoundsIn(store, ROUND_CLAIM_LIFETIME_MS),
    deriveKey: (purpose) => deriveStateKey(stateKey, purpose),
  };
}

/**
 * A 32-byte key for one `purpose` (`'events-cursor'`), derived from the state key with
 * HKDF-SHA256: instances that share a `stateKey` derive the same key, and a key of one purpose
 * tells nothing of another's or of the state key itself.
 *
 * @throws {TypeError} for an empty purpose.
 * @example
 * ```ts
 * const cursorKey = deriveStateKey(stateKey, 'events-cursor');
 * ```
 */
export function deriveStateKey(stateKey: Uint8Array, purpose: string): Uint8Array {
  if (typeof purpose !== 'string' || purpose === '') {
    throw new TypeError('deriveKey: purpose must be a non-empty string');
  }
  const info = `apcore-mcp/${purpose}`;
  return new Uint8Array(hkdfSync('sha256', stateKey, new Uint8Array(0), info, 32));
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
