/**
 * When a failed webhook delivery is tried again: after 10 s, 30 s, 2 min and 5 min (each ±20 %),
 * five attempts by default, all within about eight minutes, inside the 10 to 15 minutes the
 * events extension bounds retries to. Attempts past the table wait the last delay.
 *
 * @example
 * ```ts
 * WEBHOOK_RETRY_SCHEDULE.attempts; // 5
 * ```
 */
export const WEBHOOK_RETRY_SCHEDULE = Object.freeze({
  attempts: 5,
  delaysMs: Object.freeze([10_000, 30_000, 120_000, 300_000]),
  jitter: 0.2,
});

/**
 * The wait before the next attempt, after `failedAttempts` attempts failed (1 after the first),
 * with jitter so that deliveries failed together do not all come back together. Fits BullMQ's
 * custom `backoffStrategy(attemptsMade)`.
 *
 * @example
 * ```ts
 * webhookRetryDelayMs(1); // between 8000 and 12000
 * webhookRetryDelayMs(2, () => 0.5); // 30000
 * ```
 */
export function webhookRetryDelayMs(failedAttempts: number, random: () => number = Math.random) {
  const { delaysMs, jitter } = WEBHOOK_RETRY_SCHEDULE;
  const index = Math.min(Math.max(Math.trunc(failedAttempts), 1), delaysMs.length) - 1;
  const base = delaysMs[index] ?? 0;
  return Math.round(base * (1 + jitter * (2 * random() - 1)));
}
