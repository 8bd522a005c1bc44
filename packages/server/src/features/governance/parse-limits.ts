import { LIMIT_WINDOWS, type LimitWindow, type WindowLimits } from './limit-windows.js';

/** The units a limit may be written in, and the window each names. */
const UNITS: Readonly<Record<string, LimitWindow>> = {
  min: 'minute',
  minute: 'minute',
  hour: 'hour',
  day: 'day',
  month: 'month',
};
const SYNTAX =
  'AMOUNT/UNIT[,AMOUNT/UNIT...] with UNIT min, hour, day or month (e.g. 60/min,1000/day,500/month)';
const AMOUNT = /^\d+(\.\d+)?$/;

/**
 * Reads limits written as the CLI takes them: `60/min,1000/day`, `5/min`, `100/day`, `20/hour`,
 * `500/month` (a calendar month in UTC);
 * spaces around the parts are ignored. Amounts are numbers of at least 0 (whole numbers for
 * calls are checked where the limits are used).
 *
 * @throws {RangeError} for anything else: an empty text, a missing or unknown unit, an amount
 * that is not a number, or one window given twice.
 * @example
 * ```ts
 * parseLimits('60/min,1000/day'); // { perMinute: 60, perDay: 1000 }
 * parseLimits('100/day'); // { perDay: 100 }
 * ```
 */
export function parseLimits(text: string): WindowLimits {
  const limits: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [amount = '', unit = '', extra] = part.trim().split('/');
    const window = UNITS[unit.trim().toLowerCase()];
    if (extra !== undefined || window === undefined || !AMOUNT.test(amount.trim())) {
      throw new RangeError(`Bad limit '${part.trim()}' in '${text}': expected ${SYNTAX}`);
    }
    const key = LIMIT_WINDOWS.find((entry) => entry.window === window)?.key ?? 'perDay';
    if (limits[key] !== undefined) {
      throw new RangeError(`Bad limit '${text}': the per-${window} limit is given twice`);
    }
    limits[key] = Number(amount.trim());
  }
  return limits;
}
