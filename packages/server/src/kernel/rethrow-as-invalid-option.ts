import { InvalidOptionError } from './invalid-option-error.js';

/**
 * Runs a check written elsewhere (a converter package throws plain `TypeError`/`RangeError`
 * naming the option) and turns its refusal into an {@link InvalidOptionError}: the option is the
 * path the message starts with (`groupAnnotations.orders.destructiv`), the message unchanged.
 *
 * @example
 * ```ts
 * const annotations = rethrowAsInvalidOption(
 *   { option: 'groupAnnotations', value, expected: 'an object of annotations by group' },
 *   resolveGroupAnnotations,
 * );
 * ```
 */
export function rethrowAsInvalidOption<T>(
  refused: { option: string; value: unknown; expected: string },
  check: (value: unknown) => T,
): T {
  try {
    return check(refused.value);
  } catch (error) {
    if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
    const { option } = refused;
    const named = error.message.startsWith(option);
    const path = named ? (/^[\w.]+/.exec(error.message)?.[0] ?? option) : option;
    throw new InvalidOptionError({
      ...refused,
      option: path,
      sentence: named ? [{ option }, error.message.slice(option.length)] : [error.message],
      cause: error,
    });
  }
}
