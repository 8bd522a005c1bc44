import { describeValue } from '../../kernel/describe-value.js';
import type { OptionSentence } from '../../kernel/invalid-option-error.js';
import { LIMIT_WINDOWS, type WindowLimits } from './limit-windows.js';
import { parseLimits } from './parse-limits.js';

/**
 * The limits one subject is held to: calls, destructive calls and spending per window, and the
 * most one call may cost (`undefined`: no cap).
 *
 * @example
 * ```ts
 * const set: LimitSet = { calls: { perMinute: 60 }, destructiveCalls: {}, budget: { perMonth: 500 }, maxCostPerCall: 10 };
 * ```
 */
export interface LimitSet {
  readonly calls: WindowLimits;
  readonly destructiveCalls: WindowLimits;
  readonly budget: WindowLimits;
  readonly maxCostPerCall: number | undefined;
}

/** The keys of a {@link LimitSet} as given, each optional. */
export const LIMIT_SET_KEYS = ['calls', 'destructiveCalls', 'budget', 'maxCostPerCall'] as const;

/**
 * A refused value where limits are given: its key path (`budget.perDay`, `overrides[1].role`),
 * what was expected, and the sentence naming the path as an option piece.
 *
 * @example
 * ```ts
 * const problem: LimitProblem = { path: 'calls', value: 60, expected: 'a string', sentence: [{ option: 'calls' }, ' must be a string'] };
 * ```
 */
export interface LimitProblem {
  readonly path: string;
  readonly value: unknown;
  readonly expected: string;
  readonly sentence: OptionSentence;
  readonly cause?: unknown;
}

/** Turns a {@link LimitProblem} into the error the caller throws (an option's, a file's). */
export type LimitProblemReporter = (problem: LimitProblem) => Error;

const WINDOW_KEYS = LIMIT_WINDOWS.map((entry) => entry.key).join(', ');

function mustBe(path: string, value: unknown, expected: string): LimitProblem {
  return {
    path,
    value,
    expected,
    sentence: [{ option: path }, ` must be ${expected}, got ${describeValue(value)}`],
  };
}

/**
 * The keys of a limit set among `given` that are present, read and checked: `prefix` is the
 * key path of `given` (`''` at the top, `overrides[0]` in an override).
 *
 * @throws the error `report` makes of the first bad value.
 * @example
 * ```ts
 * readLimitSet({ calls: '60/min', maxCostPerCall: 10 }, 'limits', report); // { calls: { perMinute: 60 }, maxCostPerCall: 10 }
 * ```
 */
export function readLimitSet(
  given: Readonly<Record<string, unknown>>,
  prefix: string,
  report: LimitProblemReporter,
): Partial<LimitSet> {
  const at = (key: string): string => (prefix === '' ? key : `${prefix}.${key}`);
  const set: { -readonly [Key in keyof LimitSet]?: LimitSet[Key] } = {};
  if (given.calls !== undefined) set.calls = readWindowLimits(at('calls'), given.calls, 1, report);
  if (given.destructiveCalls !== undefined) {
    const path = at('destructiveCalls');
    set.destructiveCalls = readWindowLimits(path, given.destructiveCalls, 1, report);
  }
  if (given.budget !== undefined)
    set.budget = readWindowLimits(at('budget'), given.budget, 0, report);
  const cap = given.maxCostPerCall;
  if (cap !== undefined) {
    if (typeof cap !== 'number' || !Number.isFinite(cap) || cap < 0) {
      throw report(mustBe(at('maxCostPerCall'), cap, 'a number of at least 0'));
    }
    set.maxCostPerCall = cap;
  }
  return set;
}

/** Limits from the CLI syntax or an object; call limits (`minimum` 1) are whole numbers. */
function readWindowLimits(
  path: string,
  value: unknown,
  minimum: number,
  report: LimitProblemReporter,
): WindowLimits {
  const limits = typeof value === 'string' ? parseWithPath(path, value, report) : value;
  if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) {
    throw report(mustBe(path, value, "a string like '60/min' or an object"));
  }
  const given = limits as Record<string, unknown>;
  const resolved: Record<string, number> = {};
  for (const key of Object.keys(given)) {
    if (!LIMIT_WINDOWS.some((entry) => entry.key === key)) {
      throw report({
        path: `${path}.${key}`,
        value: given[key],
        expected: `one of: ${WINDOW_KEYS}`,
        sentence: ['Unknown ', { option: path }, ` key '${key}'. Known: ${WINDOW_KEYS}`],
      });
    }
    const amount = given[key];
    if (amount === undefined) continue;
    const whole = minimum >= 1;
    if (
      typeof amount !== 'number' ||
      !Number.isFinite(amount) ||
      amount < minimum ||
      (whole && !Number.isInteger(amount))
    ) {
      const expected = whole ? 'a whole number of at least 1' : 'a number of at least 0';
      throw report(mustBe(`${path}.${key}`, amount, expected));
    }
    resolved[key] = amount;
  }
  return resolved;
}

function parseWithPath(path: string, text: string, report: LimitProblemReporter): WindowLimits {
  try {
    return parseLimits(text);
  } catch (error) {
    throw report({
      path,
      value: text,
      expected: 'AMOUNT/UNIT[,AMOUNT/UNIT...] with UNIT min, hour, day or month',
      sentence: [{ option: path }, `: ${(error as Error).message}`],
      cause: error,
    });
  }
}
