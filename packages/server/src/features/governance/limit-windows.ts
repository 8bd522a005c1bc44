/**
 * The fixed UTC windows limits are counted in: a minute, an hour or a day starts on its UTC
 * boundary (a day at 00:00 UTC), whatever the time zone of the host.
 *
 * @example
 * ```ts
 * const window: LimitWindow = 'minute';
 * ```
 */
export type LimitWindow = 'minute' | 'hour' | 'day';

/**
 * How much a subject may use per window; an absent window has no limit. For calls, whole
 * numbers of calls; for a budget, the sum of the modules' `metadata.cost`.
 *
 * @example
 * ```ts
 * const calls: WindowLimits = { perMinute: 60, perDay: 1000 };
 * ```
 */
export interface WindowLimits {
  readonly perMinute?: number;
  readonly perHour?: number;
  readonly perDay?: number;
}

/**
 * Each window with the {@link WindowLimits} key holding its limit and its length in ms.
 *
 * @example
 * ```ts
 * for (const { window, key, ms } of LIMIT_WINDOWS) console.log(window, key, ms);
 * ```
 */
export const LIMIT_WINDOWS = [
  { window: 'minute', key: 'perMinute', ms: 60_000 },
  { window: 'hour', key: 'perHour', ms: 3_600_000 },
  { window: 'day', key: 'perDay', ms: 86_400_000 },
] as const satisfies readonly { window: LimitWindow; key: keyof WindowLimits; ms: number }[];

/**
 * One limit of a {@link WindowLimits}, and the window it applies to at a given time.
 *
 * @example
 * ```ts
 * const [minute] = toWindowedLimits({ perMinute: 60 }, Date.now());
 * const retryAfterMs = minute.endsAt - Date.now();
 * ```
 */
export interface WindowedLimit {
  readonly window: LimitWindow;
  readonly limit: number;
  /** When the window began, in ms since the epoch (UTC). */
  readonly startsAt: number;
  /** When the next window begins: the counter can be dropped then. */
  readonly endsAt: number;
}

/**
 * The limits of `limits` that are set, each with the bounds of its window containing `now`.
 * Epoch milliseconds have no leap seconds, so `floor(now / length)` is the UTC window.
 *
 * @example
 * ```ts
 * toWindowedLimits({ perMinute: 60 }, Date.UTC(2026, 0, 1, 12, 0, 30));
 * // [{ window: 'minute', limit: 60, startsAt: ...12:00:00, endsAt: ...12:01:00 }]
 * ```
 */
export function toWindowedLimits(limits: WindowLimits, now: number): WindowedLimit[] {
  const windowed: WindowedLimit[] = [];
  for (const { window, key, ms } of LIMIT_WINDOWS) {
    const limit = limits[key];
    if (limit === undefined) continue;
    const startsAt = Math.floor(now / ms) * ms;
    windowed.push({ window, limit, startsAt, endsAt: startsAt + ms });
  }
  return windowed;
}
