import { describe, expect, it } from 'vitest';
import { viewLogData } from './log-line.js';

describe('viewLogData', () => {
  it('shows a string as the message', () => {
    expect(viewLogData('MUG-002 is low on stock')).toEqual({ message: 'MUG-002 is low on stock' });
  });

  it("shows apcore-mcp's { message, data } as the message with its data folded", () => {
    expect(viewLogData({ message: 'Audited 5 products', data: { low: 1, outOfStock: 0 } })).toEqual(
      { message: 'Audited 5 products', details: { low: 1, outOfStock: 0 } },
    );
    expect(viewLogData({ message: 'Done' })).toEqual({ message: 'Done' });
  });

  it("folds another server's fields beside its message", () => {
    expect(viewLogData({ message: 'Slow query', ms: 812, table: 'orders' })).toEqual({
      message: 'Slow query',
      details: { ms: 812, table: 'orders' },
    });
  });

  it('shows anything else as compact JSON', () => {
    expect(viewLogData({ sku: 'MUG-001' })).toEqual({ message: '{"sku":"MUG-001"}' });
    expect(viewLogData([1, 2])).toEqual({ message: '[1,2]' });
    expect(viewLogData(42)).toEqual({ message: '42' });
    expect(viewLogData(undefined)).toEqual({ message: 'undefined' });
    expect(viewLogData({ message: 7 })).toEqual({ message: '{"message":7}' });
  });
});
