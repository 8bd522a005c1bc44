import { describe, expect, it } from 'vitest';
import { compareStreamIds, padStreamId, unpadStreamId } from './stream-ids.js';

describe('stream ids', () => {
  it('orders by milliseconds, then sequence, with an empty head first', () => {
    expect(compareStreamIds('9-0', '10-0')).toBeLessThan(0);
    expect(compareStreamIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareStreamIds('10-1', '10-1')).toBe(0);
    expect(compareStreamIds('0', '1-0')).toBeLessThan(0);
  });

  it('pads so that text order is id order, and back', () => {
    const ids = ['1700000000010-0', '1700000000001-0', '1700000000001-10', '1700000000001-9'];
    const padded = ids.map(padStreamId).sort();
    expect(padded.map(unpadStreamId)).toEqual([
      '1700000000001-0',
      '1700000000001-9',
      '1700000000001-10',
      '1700000000010-0',
    ]);
  });
});
