// Readers shared by every option: each throws an InvalidOptionError naming the option, the value
// and what it accepts.
import { describeValue } from './describe-value.js';
import { InvalidOptionError } from './invalid-option-error.js';

/**
 * One of `choices`, in any case: a non-string or an unknown choice is refused, naming the
 * choices.
 *
 * @example
 * ```ts
 * resolveChoice('transport', 'SSE', ['stdio', 'streamable-http', 'sse'], 'stdio'); // 'sse'
 * ```
 */
export function resolveChoice<T extends string>(
  option: string,
  value: unknown,
  choices: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  const expected = `one of: ${choices.join(', ')}`;
  if (typeof value !== 'string') {
    throw new InvalidOptionError({
      option,
      value,
      expected,
      sentence: [{ option }, ` must be a string (${expected}), got ${describeValue(value)}`],
    });
  }
  const match = choices.find((choice) => choice === value.toLowerCase());
  if (match === undefined) {
    throw new InvalidOptionError({
      option,
      value,
      expected,
      sentence: ['Unknown ', { option }, `: '${value}'. Must be one of: ${choices.join(', ')}`],
    });
  }
  return match;
}

/**
 * `true` or `false`; `fallback` when absent.
 *
 * @example
 * ```ts
 * resolveBoolean('dynamic', undefined, false); // false
 * ```
 */
export function resolveBoolean(option: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw new InvalidOptionError({ option, value, expected: 'a boolean (true or false)' });
  }
  return value;
}

/**
 * A function, or `undefined` when absent.
 *
 * @example
 * ```ts
 * resolveFunction('onStartup', () => {}); // the function
 * ```
 */
export function resolveFunction<T>(option: string, value: T | undefined): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') {
    throw new InvalidOptionError({ option, value, expected: 'a function' });
  }
  return value;
}

/**
 * A whole number of at least `minimum`; `fallback` when absent.
 *
 * @example
 * ```ts
 * resolveInteger('maxSessions', 50, 1000, 1); // 50
 * ```
 */
export function resolveInteger(
  option: string,
  value: unknown,
  fallback: number,
  minimum: number,
): number {
  if (value === undefined) return fallback;
  const expected = `an integer of at least ${minimum}`;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new InvalidOptionError({ option, value, expected });
  }
  if (value < minimum) {
    throw new InvalidOptionError({
      option,
      value,
      expected,
      sentence: [{ option }, ` must be at least ${minimum}, got ${value}`],
    });
  }
  return value;
}

/**
 * A port to bind: 1..65535 (0 too where a free port may be picked), 8000 by default.
 *
 * @example
 * ```ts
 * resolvePort(9464, false, 'metricsPort'); // 9464
 * ```
 */
export function resolvePort(value: unknown, allowAnyPort: boolean, option = 'port'): number {
  if (value === undefined) return 8000;
  const minimum = allowAnyPort ? 0 : 1;
  const expected = `an integer between ${minimum} and 65535`;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new InvalidOptionError({ option, value, expected });
  }
  if (value < minimum || value > 65535) {
    // The SRS's wording for the port, which capitalizes the option.
    const range = ` must be between ${minimum} and 65535, got ${value}`;
    const sentence = option === 'port' ? [`Port${range}`] : [{ option }, range];
    throw new InvalidOptionError({ option, value, expected, sentence });
  }
  return value;
}
