import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { LIMIT_WINDOWS, type WindowLimits } from './limit-windows.js';
import { parseLimits } from './parse-limits.js';

/**
 * The `limits` option of `serve()`: rate limits and budgets per subject (the authenticated
 * caller's `identity.id`; calls without an identity share one anonymous subject). Limits are
 * given as `{ perMinute, perHour, perDay }` or in the CLI's syntax (`'60/min,1000/day'`).
 * `tools/call`, `resources/read`, `prompts/get` and `completion/complete` count toward `calls`
 * (only tool calls toward the others); a refused one runs nothing and counts toward nothing.
 *
 * @example
 * ```ts
 * await serve(registry, {
 *   transport: 'streamable-http',
 *   authenticate,
 *   limits: { calls: '60/min,1000/day', destructiveCalls: '5/min', budget: '100/day' },
 * });
 * ```
 */
export interface LimitsOptions {
  /**
   * Calls per subject, of any tool, and reads, prompts and completions (each counts as one call;
   * whole numbers).
   */
  calls?: WindowLimits | string;
  /**
   * Calls per subject of tools annotated destructive, counted in addition to `calls`: such a
   * call must pass both.
   */
  destructiveCalls?: WindowLimits | string;
  /**
   * Spending per subject: each call spends its module's `metadata.cost` (a number of at least
   * 0; none is 0). A call whose cost would take the subject over is refused.
   */
  budget?: WindowLimits | string;
  /** The clock windows are counted by, in ms since the epoch; default `Date.now`. */
  now?: () => number;
}

/**
 * The `limits` option after validation.
 *
 * @example
 * ```ts
 * const resolved: ResolvedLimits = resolveLimits({ calls: '60/min' })!;
 * ```
 */
export interface ResolvedLimits {
  readonly calls: WindowLimits;
  readonly destructiveCalls: WindowLimits;
  readonly budget: WindowLimits;
  readonly now: () => number;
}

const KNOWN_KEYS = ['calls', 'destructiveCalls', 'budget', 'now'];

/**
 * Validates the `limits` option: `undefined` when absent.
 *
 * @throws {InvalidOptionError} for a value of the wrong type, an unknown key, bad limit syntax, a
 * call limit that is not a whole number of at least 1, or a budget below 0.
 * @example
 * ```ts
 * resolveLimits({ calls: '60/min' }); // { calls: { perMinute: 60 }, ... }
 * ```
 */
export function resolveLimits(value: unknown): ResolvedLimits | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError({ option: 'limits', value, expected: 'an object' });
  }
  const given = value as Record<string, unknown>;
  if (given.store !== undefined) {
    throw new InvalidOptionError({
      option: 'limits.store',
      value: given.store,
      expected: 'the top-level store option',
      sentence: [
        { option: 'limits.store' },
        ' is now the top-level ',
        { option: 'store' },
        ' option: it keeps one-time approval rounds too',
      ],
    });
  }
  const unknownKey = Object.keys(given).find((key) => !KNOWN_KEYS.includes(key));
  if (unknownKey !== undefined) {
    throw new InvalidOptionError({
      option: `limits.${unknownKey}`,
      value: given[unknownKey],
      expected: `one of: ${KNOWN_KEYS.join(', ')}`,
      sentence: [
        'Unknown ',
        { option: 'limits' },
        ` key '${unknownKey}'. Known: ${KNOWN_KEYS.join(', ')}`,
      ],
    });
  }
  return {
    calls: resolveWindowLimits('limits.calls', given.calls, 1),
    destructiveCalls: resolveWindowLimits('limits.destructiveCalls', given.destructiveCalls, 1),
    budget: resolveWindowLimits('limits.budget', given.budget, 0),
    now: resolveClock(given.now),
  };
}

/** Limits from the CLI syntax or an object; call limits (`minimum` 1) are whole numbers. */
function resolveWindowLimits(option: string, value: unknown, minimum: number): WindowLimits {
  if (value === undefined) return {};
  const limits = typeof value === 'string' ? parseWithName(option, value) : value;
  if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) {
    throw new InvalidOptionError({
      option,
      value,
      expected: "a string like '60/min' or an object",
    });
  }
  const given = limits as Record<string, unknown>;
  const resolved: Record<string, number> = {};
  for (const key of Object.keys(given)) {
    if (!LIMIT_WINDOWS.some((entry) => entry.key === key)) {
      throw new InvalidOptionError({
        option: `${option}.${key}`,
        value: given[key],
        expected: 'one of: perMinute, perHour, perDay',
        sentence: ['Unknown ', { option }, ` key '${key}'. Known: perMinute, perHour, perDay`],
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
      throw new InvalidOptionError({ option: `${option}.${key}`, value: amount, expected });
    }
    resolved[key] = amount;
  }
  return resolved;
}

function parseWithName(option: string, text: string): WindowLimits {
  try {
    return parseLimits(text);
  } catch (error) {
    throw new InvalidOptionError({
      option,
      value: text,
      expected: 'AMOUNT/UNIT[,AMOUNT/UNIT...] with UNIT min, hour or day',
      sentence: [{ option }, `: ${(error as Error).message}`],
      cause: error,
    });
  }
}

function resolveClock(value: unknown): () => number {
  if (value === undefined) return Date.now;
  if (typeof value !== 'function') {
    throw new InvalidOptionError({
      option: 'limits.now',
      value,
      expected: 'a function returning ms',
    });
  }
  return value as () => number;
}
