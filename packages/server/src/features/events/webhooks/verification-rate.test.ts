import { describe, expect, it } from 'vitest';
import { createMemoryLimitStore } from '../../../store/memory-limit-store.js';
import { VerificationRate } from './verification-rate.js';

const at = Date.UTC(2026, 6, 28, 12, 0, 15);

describe('verification POSTs per destination host', () => {
  it('admits ten per host per minute, then refuses until the next minute', async () => {
    const rate = new VerificationRate(createMemoryLimitStore());
    const hook = new URL('https://hooks.example.com/a');
    for (let sent = 0; sent < 10; sent += 1) {
      expect(await rate.take(hook, at)).toEqual({ admitted: true });
    }
    expect(await rate.take(new URL('https://hooks.example.com:8443/b'), at)).toEqual({
      admitted: false,
      retryAfterMs: 45_000,
    });
    expect(await rate.take(new URL('https://other.example.com/a'), at)).toEqual({
      admitted: true,
    });
    expect(await rate.take(hook, at + 45_000)).toEqual({ admitted: true });
  });

  it('shares the count through the store, as instances behind one endpoint do', async () => {
    const store = createMemoryLimitStore();
    const first = new VerificationRate(store, 1);
    const second = new VerificationRate(store, 1);
    const hook = new URL('https://hooks.example.com/a');
    expect((await first.take(hook, at)).admitted).toBe(true);
    expect((await second.take(hook, at)).admitted).toBe(false);
  });
});
