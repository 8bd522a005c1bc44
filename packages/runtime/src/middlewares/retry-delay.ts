/** How the wait before each retry grows. */
export type RetryStrategy = 'exponential' | 'fixed';

/** What {@link retryDelayMs} computes a wait from. */
export interface RetryDelayConfig {
  strategy: RetryStrategy;
  baseDelayMs: number;
  maxDelayMs: number;
  jitter: boolean;
}

/**
 * The wait before retry number `retry` (1 for the first): `baseDelayMs` each time (`fixed`) or
 * doubling from it (`exponential`), never above `maxDelayMs`; with `jitter`, a random part of
 * it between half and all, so that many callers failing together do not retry together.
 *
 * @example
 * ```ts
 * retryDelayMs(3, { strategy: 'exponential', baseDelayMs: 100, maxDelayMs: 5000, jitter: false }); // 400
 * ```
 */
export function retryDelayMs(
  retry: number,
  config: RetryDelayConfig,
  random = Math.random,
): number {
  const growth = config.strategy === 'exponential' ? 2 ** (retry - 1) : 1;
  const delay = Math.min(config.baseDelayMs * growth, config.maxDelayMs);
  return config.jitter ? delay * (0.5 + random() / 2) : delay;
}

/**
 * Resolves after `ms`, or at once with `false` when `signal` aborts first (or has already
 * aborted): a retry never waits past a cancel.
 *
 * @example
 * ```ts
 * if (!(await waitUnlessAborted(250, context.signal))) return null;
 * ```
 */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
