import { describe, expect, it } from 'vitest';
import type { LimitCounter } from './limit-store.js';
import { createMemoryLimitStore } from './memory-limit-store.js';

function counter(key: string, limit: number, amount = 1, expiresAt = 60_000): LimitCounter {
  return { key, amount, limit, expiresAt };
}

describe('createMemoryLimitStore', () => {
  it('admits until a counter would pass its limit, then refuses with its index and value', async () => {
    const store = createMemoryLimitStore();
    expect(await store.consume([counter('a', 2)], 0)).toEqual({ admitted: true });
    expect(await store.consume([counter('a', 2)], 0)).toEqual({ admitted: true });
    expect(await store.consume([counter('b', 5), counter('a', 2)], 0)).toEqual({
      admitted: false,
      refused: 1,
      current: 2,
    });
  });

  it('adds nothing when one counter refuses (all or nothing)', async () => {
    const store = createMemoryLimitStore();
    await store.consume([counter('full', 1)], 0);
    await store.consume([counter('free', 3), counter('full', 1)], 0);
    await store.consume([counter('free', 3), counter('full', 1)], 0);
    // 'free' was never added to: three calls of it alone still pass.
    for (let call = 0; call < 3; call++) {
      expect(await store.consume([counter('free', 3)], 0)).toEqual({ admitted: true });
    }
    expect((await store.consume([counter('free', 3)], 0)).admitted).toBe(false);
  });

  it('adds amounts (costs), fractions within a small tolerance', async () => {
    const store = createMemoryLimitStore();
    expect((await store.consume([counter('spend', 0.3, 0.1)], 0)).admitted).toBe(true);
    expect((await store.consume([counter('spend', 0.3, 0.2)], 0)).admitted).toBe(true);
    expect(await store.consume([counter('spend', 0.3, 0.1)], 0)).toEqual({
      admitted: false,
      refused: 0,
      current: 0.30000000000000004,
    });
  });

  it('forgets a counter once its window ended, and sweeps ended counters out', async () => {
    const store = createMemoryLimitStore();
    for (let subject = 0; subject < 100; subject++) {
      await store.consume([counter(`s${subject}`, 1, 1, 60_000)], 0);
    }
    expect(store.size).toBe(100);
    expect((await store.consume([counter('s0', 1, 1, 60_000)], 59_999)).admitted).toBe(false);
    expect(await store.consume([counter('s0', 1, 1, 120_000)], 60_000)).toEqual({
      admitted: true,
    });
    // Only the counter of the current window is left.
    expect(store.size).toBe(1);
  });

  it('close() drops every counter', async () => {
    const store = createMemoryLimitStore();
    await store.consume([counter('a', 1)], 0);
    await store.close();
    expect(store.size).toBe(0);
  });

  it('peeks at what consuming would decide, counting nothing', async () => {
    const store = createMemoryLimitStore();
    const limited = { ...counter('a', 1), limit: 1 };
    expect(await store.peek([limited], 0)).toEqual({ admitted: true });
    expect(await store.peek([limited], 0)).toEqual({ admitted: true });
    expect(await store.consume([limited], 0)).toEqual({ admitted: true });
    expect(await store.peek([limited], 0)).toEqual({ admitted: false, refused: 0, current: 1 });
    expect(store.size).toBe(1);
  });
});
