import { describe, expect, it } from 'vitest';
import { readModuleCost } from './module-cost.js';

describe('readModuleCost', () => {
  it('reads metadata.cost, 0 for anything that is not a cost', () => {
    expect(readModuleCost({ metadata: { cost: 2.5 } })).toBe(2.5);
    expect(readModuleCost({ metadata: {} })).toBe(0);
    expect(readModuleCost({ metadata: { cost: -1 } })).toBe(0);
    expect(readModuleCost({ metadata: { cost: '5' } })).toBe(0);
    expect(readModuleCost(null)).toBe(0);
  });
});
