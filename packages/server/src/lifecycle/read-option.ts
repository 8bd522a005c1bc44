// Readers shared by every option: each names the option and what it accepts when it refuses.

/** How a value is named in an error message: its type, or the value itself when short. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return typeof value;
}

/**
 * One of `choices`, in any case: `TypeError` for a non-string, `RangeError` naming the choices
 * for anything else.
 */
export function resolveChoice<T extends string>(
  option: string,
  value: unknown,
  choices: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value !== 'string') {
    throw new TypeError(
      `${option} must be a string (one of: ${choices.join(', ')}), got ${describe(value)}`,
    );
  }
  const match = choices.find((choice) => choice === value.toLowerCase());
  if (match === undefined) {
    throw new RangeError(`Unknown ${option}: '${value}'. Must be one of: ${choices.join(', ')}`);
  }
  return match;
}

/** `true` or `false`; `fallback` when absent; `TypeError` for anything else. */
export function resolveBoolean(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw new TypeError(`${name} must be a boolean (true or false), got ${describe(value)}`);
  }
  return value;
}

/** A function, or `undefined` when absent; `TypeError` for anything else. */
export function resolveFunction<T>(name: string, value: T | undefined): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') {
    throw new TypeError(`${name} must be a function, got ${describe(value)}`);
  }
  return value;
}

/** A whole number of at least `minimum`: `TypeError` for a non-integer, `RangeError` below it. */
export function resolveInteger(
  option: string,
  value: unknown,
  fallback: number,
  minimum: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(
      `${option} must be an integer of at least ${minimum}, got ${describe(value)}`,
    );
  }
  if (value < minimum) throw new RangeError(`${option} must be at least ${minimum}, got ${value}`);
  return value;
}
