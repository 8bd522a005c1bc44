import { describe, expect, it } from 'vitest';
import { retryDelayMs, waitUnlessAborted } from './retry-delay.js';

describe('retryDelayMs', () => {
  const base = { baseDelayMs: 100, maxDelayMs: 5000, jitter: false };

  it('doubles from the base (exponential) or keeps it (fixed), never above the maximum', () => {
    const exponential = [1, 2, 3, 7].map((retry) =>
      retryDelayMs(retry, { ...base, strategy: 'exponential' }),
    );
    expect(exponential).toEqual([100, 200, 400, 5000]);
    expect(retryDelayMs(4, { ...base, strategy: 'fixed' })).toBe(100);
  });

  it('waits between half and all of the delay with jitter', () => {
    const config = { ...base, strategy: 'fixed' as const, jitter: true };
    expect(retryDelayMs(1, config, () => 0)).toBe(50);
    expect(retryDelayMs(1, config, () => 1)).toBe(100);
  });
});

describe('waitUnlessAborted', () => {
  it('answers false at once for a signal that aborts, or has aborted', async () => {
    expect(await waitUnlessAborted(3_600_000, AbortSignal.abort())).toBe(false);
    const controller = new AbortController();
    const waiting = waitUnlessAborted(3_600_000, controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
  });

  it('answers true once the wait is over', async () => {
    expect(await waitUnlessAborted(0, new AbortController().signal)).toBe(true);
  });
});
