import { defineEventType } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { argumentsKey, matchesSubscription } from './argument-match.js';

const STOCK_LOW = defineEventType({ name: 'stock.low' });
const event = (data: Record<string, unknown>, audience?: string) => ({
  position: '1',
  eventId: 'e',
  name: 'stock.low',
  timestamp: new Date(0).toISOString(),
  data,
  ...(audience === undefined ? {} : { audience }),
});

describe('matching an occurrence to a subscription', () => {
  it('takes an occurrence whose fields equal every argument, deep values included', () => {
    expect(matchesSubscription(STOCK_LOW, {}, event({ sku: 'a' }), 'ann')).toBe(true);
    expect(matchesSubscription(STOCK_LOW, { sku: 'a' }, event({ sku: 'a' }), 'ann')).toBe(true);
    expect(matchesSubscription(STOCK_LOW, { sku: 'a' }, event({ sku: 'b' }), 'ann')).toBe(false);
    expect(
      matchesSubscription(STOCK_LOW, { at: { x: 1, y: 2 } }, event({ at: { y: 2, x: 1 } }), 'ann'),
    ).toBe(true);
  });

  it('gives an occurrence with an audience to that subject only', () => {
    expect(matchesSubscription(STOCK_LOW, {}, event({}, 'ann'), 'ann')).toBe(true);
    expect(matchesSubscription(STOCK_LOW, {}, event({}, 'ann'), 'bob')).toBe(false);
  });

  it("uses the type's own matcher, and takes nothing when it throws", () => {
    const atMost = defineEventType({
      name: 'stock.below',
      match: (args, data) => (data.onHand as number) <= (args.max as number),
    });
    expect(matchesSubscription(atMost, { max: 3 }, event({ onHand: 2 }), 'ann')).toBe(true);
    expect(matchesSubscription(atMost, { max: 3 }, event({ onHand: 5 }), 'ann')).toBe(false);
    const throwing = defineEventType({
      name: 'stock.odd',
      match: () => {
        throw new Error('no');
      },
    });
    expect(matchesSubscription(throwing, {}, event({}), 'ann')).toBe(false);
  });

  it('keys arguments the same whatever their key order', () => {
    expect(argumentsKey({ a: 1, b: { c: 2, d: 3 } })).toBe(
      argumentsKey({ b: { d: 3, c: 2 }, a: 1 }),
    );
    expect(argumentsKey({ a: 1 })).not.toBe(argumentsKey({ a: 2 }));
  });
});
