import { describe, expect, it } from 'vitest';
import { resolveLimits } from './limits-option.js';

describe('resolveLimits', () => {
  it('is undefined without the option, and reads strings and objects', () => {
    expect(resolveLimits(undefined)).toBeUndefined();
    const resolved = resolveLimits({
      calls: '60/min,1000/day',
      destructiveCalls: { perMinute: 5 },
      budget: '2.5/day',
    });
    expect(resolved).toMatchObject({
      calls: { perMinute: 60, perDay: 1000 },
      destructiveCalls: { perMinute: 5 },
      budget: { perDay: 2.5 },
    });
    expect(resolved?.now).toBe(Date.now);
  });

  it.each([
    [{ calls: '60/mn' }, 'limits.calls', "limits.calls: Bad limit '60/mn' in '60/mn': expected"],
    [
      { calls: '1.5/min' },
      'limits.calls.perMinute',
      'limits.calls.perMinute must be a whole number of at least 1, got number 1.5',
    ],
    [
      { destructiveCalls: { perMinute: 0 } },
      'limits.destructiveCalls.perMinute',
      'limits.destructiveCalls.perMinute must be a whole number of at least 1',
    ],
    [
      { budget: { perDay: -1 } },
      'limits.budget.perDay',
      'limits.budget.perDay must be a number of at least 0, got number -1',
    ],
    [{ budget: { perWeek: 1 } }, 'limits.budget.perWeek', "Unknown limits.budget key 'perWeek'"],
    [
      { calls: 60 },
      'limits.calls',
      "limits.calls must be a string like '60/min' or an object, got number 60",
    ],
    [
      { rate: '60/min' },
      'limits.rate',
      "Unknown limits key 'rate'. Known: calls, destructiveCalls, budget, maxCostPerCall, overrides, file, now",
    ],
    [{ store: {} }, 'limits.store', 'limits.store is now the top-level store option'],
    [{ now: 5 }, 'limits.now', 'limits.now must be a function'],
    ['60/min', 'limits', "limits must be an object, got '60/min'"],
  ])('refuses %j with an InvalidOptionError naming %s', (value, option, message) => {
    expect(() => resolveLimits(value)).toThrow(
      expect.objectContaining({ name: 'InvalidOptionError', option }),
    );
    expect(() => resolveLimits(value)).toThrow(message);
  });
});
