/**
 * The fixed UTC windows limits are counted in: a minute, an hour, a day or a calendar month
 * starts on its UTC boundary (a day at 00:00 UTC, a month on its first day at 00:00 UTC),
 * whatever the time zone of the host.
 *
 * @example
 * ```ts
 * const window: LimitWindow = 'minute';
 * ```
 */
export type LimitWindow = 'minute' | 'hour' | 'day' | 'month';

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
  /** Per calendar month in UTC (28 to 31 days). */
  readonly perMonth?: number;
}

/** The UTC bounds of the window of a given length containing `now`. */
function fixedWindow(ms: number): (now: number) => { startsAt: number; endsAt: number } {
  // Epoch milliseconds have no leap seconds, so `floor(now / length)` is the UTC window.
  return (now) => {
    const startsAt = Math.floor(now / ms) * ms;
    return { startsAt, endsAt: startsAt + ms };
  };
}

/** The calendar month in UTC containing `now`: months differ in length, so no fixed ms. */
function calendarMonth(now: number): { startsAt: number; endsAt: number } {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return { startsAt: Date.UTC(year, month, 1), endsAt: Date.UTC(year, month + 1, 1) };
}

/**
 * Each window with the {@link WindowLimits} key holding its limit and the bounds of the window
 * containing a given time.
 *
 * @example
 * ```ts
 * for (const { window, key, boundsAt } of LIMIT_WINDOWS) console.log(window, key, boundsAt(Date.now()));
 * ```
 */
export const LIMIT_WINDOWS = [
  { window: 'minute', key: 'perMinute', boundsAt: fixedWindow(60_000) },
  { window: 'hour', key: 'perHour', boundsAt: fixedWindow(3_600_000) },
  { window: 'day', key: 'perDay', boundsAt: fixedWindow(86_400_000) },
  { window: 'month', key: 'perMonth', boundsAt: calendarMonth },
] as const satisfies readonly {
  window: LimitWindow;
  key: keyof WindowLimits;
  boundsAt: (now: number) => { startsAt: number; endsAt: number };
}[];

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
 *
 * @example
 * ```ts
 * toWindowedLimits({ perMinute: 60 }, Date.UTC(2026, 0, 1, 12, 0, 30));
 * // [{ window: 'minute', limit: 60, startsAt: ...12:00:00, endsAt: ...12:01:00 }]
 * ```
 */
export function toWindowedLimits(limits: WindowLimits, now: number): WindowedLimit[] {
  const windowed: WindowedLimit[] = [];
  for (const { window, key, boundsAt } of LIMIT_WINDOWS) {
    const limit = limits[key];
    if (limit === undefined) continue;
    windowed.push({ window, limit, ...boundsAt(now) });
  }
  return windowed;
}
