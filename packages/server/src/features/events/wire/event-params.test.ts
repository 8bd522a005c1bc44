import { describe, expect, it } from 'vitest';
import { readInteger, readListCursor, readSubscriptionParams } from './event-params.js';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error as { code: number; data: unknown };
  }
  throw new Error('not refused');
};

describe('the params of events/*', () => {
  it('read a subscription: absent arguments are {}, an absent cursor is from now', () => {
    expect(readSubscriptionParams({ name: 'stock.low' })).toEqual({
      name: 'stock.low',
      args: {},
      cursor: null,
      maxAgeMs: undefined,
    });
    expect(
      readSubscriptionParams({ name: 'a', arguments: { sku: 'x' }, cursor: 'c', maxAgeMs: 0 }),
    ).toEqual({ name: 'a', args: { sku: 'x' }, cursor: 'c', maxAgeMs: 0 });
  });

  it('refuse each bad field as InvalidParams naming it', () => {
    for (const [params, field] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'a', arguments: [] }, 'arguments'],
      [{ name: 'a', arguments: 'x' }, 'arguments'],
      [{ name: 'a', cursor: 7 }, 'cursor'],
      [{ name: 'a', maxAgeMs: -1 }, 'maxAgeMs'],
      [{ name: 'a', maxAgeMs: 1.5 }, 'maxAgeMs'],
    ] as const) {
      expect(refusal(() => readSubscriptionParams(params))).toMatchObject({
        code: -32602,
        data: { field },
      });
    }
    expect(refusal(() => readInteger({ maxEvents: 0 }, 'maxEvents', 1))).toMatchObject({
      data: { field: 'maxEvents' },
    });
    expect(refusal(() => readListCursor({ cursor: 1 }))).toMatchObject({ code: -32602 });
  });
});
