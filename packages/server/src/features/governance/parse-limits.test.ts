import { describe, expect, it } from 'vitest';
import { toWindowedLimits } from './limit-windows.js';
import { parseLimits } from './parse-limits.js';

describe('parseLimits', () => {
  it('reads one or several AMOUNT/UNIT parts', () => {
    expect(parseLimits('60/min,1000/day')).toEqual({ perMinute: 60, perDay: 1000 });
    expect(parseLimits('5/min')).toEqual({ perMinute: 5 });
    expect(parseLimits('100/day')).toEqual({ perDay: 100 });
    expect(parseLimits(' 20 / hour , 2/minute ')).toEqual({ perHour: 20, perMinute: 2 });
    expect(parseLimits('2.5/day')).toEqual({ perDay: 2.5 });
  });

  it.each([
    ['', "Bad limit ''"],
    ['60', "Bad limit '60'"],
    ['60/mn', "Bad limit '60/mn'"],
    ['60/sec', "Bad limit '60/sec'"],
    ['-1/min', "Bad limit '-1/min'"],
    ['abc/min', "Bad limit 'abc/min'"],
    ['60/min/day', "Bad limit '60/min/day'"],
    ['60/min,', "Bad limit ''"],
    ['1e3/day', "Bad limit '1e3/day'"],
  ])('refuses %j with a RangeError naming the part and the syntax', (text, start) => {
    expect(() => parseLimits(text)).toThrow(RangeError);
    expect(() => parseLimits(text)).toThrow(start);
    expect(() => parseLimits(text)).toThrow('AMOUNT/UNIT');
  });

  it('refuses a window given twice', () => {
    expect(() => parseLimits('60/min,70/minute')).toThrow(
      "Bad limit '60/min,70/minute': the per-minute limit is given twice",
    );
  });
});

describe('toWindowedLimits', () => {
  it('puts each limit in its fixed UTC window', () => {
    const now = Date.UTC(2026, 10, 24, 13, 45, 30, 500);
    expect(toWindowedLimits({ perMinute: 60, perHour: 600, perDay: 1000 }, now)).toEqual([
      {
        window: 'minute',
        limit: 60,
        startsAt: Date.UTC(2026, 10, 24, 13, 45),
        endsAt: Date.UTC(2026, 10, 24, 13, 46),
      },
      {
        window: 'hour',
        limit: 600,
        startsAt: Date.UTC(2026, 10, 24, 13),
        endsAt: Date.UTC(2026, 10, 24, 14),
      },
      {
        window: 'day',
        limit: 1000,
        startsAt: Date.UTC(2026, 10, 24),
        endsAt: Date.UTC(2026, 10, 25),
      },
    ]);
  });

  it('leaves out the windows without a limit', () => {
    expect(toWindowedLimits({ perDay: 5 }, 0).map((limit) => limit.window)).toEqual(['day']);
    expect(toWindowedLimits({}, 0)).toEqual([]);
  });
});
