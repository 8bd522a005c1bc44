import type { LimitStore } from '../../../store/limit-store.js';

/** Verification POSTs one destination host may receive per minute, from every instance. */
export const VERIFICATIONS_PER_HOST_PER_MINUTE = 10;

const MINUTE_MS = 60_000;

/**
 * What {@link VerificationRate.take} decided: go ahead, or wait until the next minute.
 *
 * @example
 * ```ts
 * const decision: VerificationDecision = { admitted: false, retryAfterMs: 12_000 };
 * ```
 */
export type VerificationDecision =
  | { readonly admitted: true }
  | { readonly admitted: false; readonly retryAfterMs: number };

/**
 * Counts the verification challenges sent to each destination host in fixed UTC minutes, in
 * the limit store the instances share (`store`): a caller cannot turn `events/subscribe` into a
 * way to make the server POST at someone else's host, whatever instance it reaches.
 *
 * @example
 * ```ts
 * const rate = new VerificationRate(runtime.store);
 * const decision = await rate.take(new URL('https://hooks.example.com/in'));
 * ```
 */
export class VerificationRate {
  readonly #store: LimitStore;
  readonly #perMinute: number;

  constructor(store: LimitStore, perMinute = VERIFICATIONS_PER_HOST_PER_MINUTE) {
    this.#store = store;
    this.#perMinute = perMinute;
  }

  /** The most verifications one host receives per minute. */
  get perMinute(): number {
    return this.#perMinute;
  }

  /** Takes one verification for `url`'s host, if its minute has one left. */
  async take(url: URL, now = Date.now()): Promise<VerificationDecision> {
    const startsAt = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const endsAt = startsAt + MINUTE_MS;
    // The host only: ports and paths of one host share its budget.
    const host = encodeURIComponent(url.hostname);
    const counter = {
      key: `events:verifications:${host}:minute:${startsAt}`,
      amount: 1,
      limit: this.#perMinute,
      expiresAt: endsAt,
    };
    const decision = await this.#store.consume([counter], now);
    return decision.admitted ? { admitted: true } : { admitted: false, retryAfterMs: endsAt - now };
  }
}
