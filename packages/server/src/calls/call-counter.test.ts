import { describe, expect, it } from 'vitest';
import { CallCounter } from './call-counter.js';

describe('CallCounter', () => {
  it('is idle at once when nothing runs', async () => {
    const calls = new CallCounter();
    expect(calls.active).toBe(0);
    expect(await calls.whenIdle(0)).toBe(true);
  });

  it('answers false when the calls outlast the wait, true once the last one leaves', async () => {
    const calls = new CallCounter();
    calls.enter();
    calls.enter();
    expect(calls.active).toBe(2);
    expect(await calls.whenIdle(5)).toBe(false);
    const waiting = calls.whenIdle(5000);
    const alsoWaiting = calls.whenIdle(5000);
    calls.leave();
    expect(calls.active).toBe(1);
    calls.leave();
    expect(await waiting).toBe(true);
    expect(await alsoWaiting).toBe(true);
    expect(calls.active).toBe(0);
  });

  it('waits again for calls that start after it was idle once', async () => {
    const calls = new CallCounter();
    calls.enter();
    const first = calls.whenIdle(5000);
    calls.leave();
    expect(await first).toBe(true);
    calls.enter();
    expect(await calls.whenIdle(5)).toBe(false);
    calls.leave();
    expect(await calls.whenIdle(5)).toBe(true);
  });
});
