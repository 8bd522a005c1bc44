import { describe, expect, it } from 'vitest';
import { createMemoryLimitStore } from './memory-limit-store.js';
import { claimRoundsIn } from './round-claims.js';

describe('claimRoundsIn', () => {
  it('grants each round once, while its claim lives', async () => {
    const clock = { now: 1_000 };
    const claims = claimRoundsIn(createMemoryLimitStore(), 600_000, () => clock.now);
    expect(await claims.claim('a')).toBe(true);
    expect(await claims.claim('a')).toBe(false);
    expect(await claims.claim('b')).toBe(true);
    clock.now += 599_999;
    expect(await claims.claim('a')).toBe(false);
  });

  it('grants one of many concurrent claims of one round', async () => {
    const claims = claimRoundsIn(createMemoryLimitStore(), 600_000);
    const granted = await Promise.all(Array.from({ length: 20 }, () => claims.claim('same')));
    expect(granted.filter(Boolean)).toHaveLength(1);
  });

  it('rejects when the store cannot answer', async () => {
    const claims = claimRoundsIn(
      { consume: () => Promise.reject(new Error('ECONNREFUSED')), close: async () => {} },
      600_000,
    );
    await expect(claims.claim('a')).rejects.toThrow('ECONNREFUSED');
  });
});
