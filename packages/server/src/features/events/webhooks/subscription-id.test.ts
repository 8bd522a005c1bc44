import { describe, expect, it } from 'vitest';
import { grantTtlMs, subscriptionIdOf } from './subscription-id.js';

const key = { principal: 'ann', url: 'https://hooks.example.com/a', name: 'stock.low' };

describe('a webhook subscription id', () => {
  it('is stable under the key order of the arguments, and differs for any other key part', () => {
    const id = subscriptionIdOf({ ...key, args: { sku: 'A', at: { x: 1, y: 2 } } });
    expect(id).toMatch(/^sub_[0-9a-f]{32}$/);
    expect(subscriptionIdOf({ ...key, args: { at: { y: 2, x: 1 }, sku: 'A' } })).toBe(id);
    for (const other of [
      { ...key, principal: 'bob' },
      { ...key, url: 'https://hooks.example.com/b' },
      { ...key, name: 'order.placed' },
    ]) {
      expect(subscriptionIdOf({ ...other, args: { sku: 'A', at: { x: 1, y: 2 } } })).not.toBe(id);
    }
    expect(subscriptionIdOf({ ...key, args: { sku: 'B', at: { x: 1, y: 2 } } })).not.toBe(id);
  });
});

describe('the lifetime granted', () => {
  const day = 86_400_000;
  it('is an hour unless asked (or the cap when lower), the cap for no expiry, and clamped', () => {
    expect(grantTtlMs(undefined, day)).toBe(3_600_000);
    expect(grantTtlMs(undefined, 120_000)).toBe(120_000);
    expect(grantTtlMs(null, day)).toBe(day);
    expect(grantTtlMs(10, day)).toBe(60_000);
    expect(grantTtlMs(7_200_000, day)).toBe(7_200_000);
    expect(grantTtlMs(10 * day, day)).toBe(day);
    expect(grantTtlMs(10, 5000)).toBe(5000);
  });
});
