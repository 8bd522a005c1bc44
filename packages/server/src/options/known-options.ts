import { suggestClosest } from '@apcore-mcp/core/bridge';
import { describeValue } from '../kernel/describe-value.js';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import { OPTION_NAMES } from './option-table.js';
import type { ServeOptions } from './serve-options.js';

const KNOWN_OPTIONS: ReadonlySet<string> = new Set(OPTION_NAMES);

/**
 * The options object itself: an object whose every key is an option of the table, so a
 * misspelt option fails loudly instead of being ignored.
 *
 * @throws {TypeError} not an object.
 * @throws {InvalidOptionError} an unknown key, with the closest known one and the known ones.
 * @example
 * ```ts
 * const options = checkKnownOptions({ transport: 'stdio' });
 * ```
 */
export function checkKnownOptions(options: ServeOptions | undefined | null): ServeOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') {
    throw new TypeError(`options must be an object, got ${describeValue(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) throw unknownOption(key);
  }
  return options;
}

/** Never holds the value: a misspelt `stateKey` would carry a secret. */
function unknownOption(key: string): InvalidOptionError {
  const guess = suggestClosest(key, OPTION_NAMES);
  const hint = guess === undefined ? '' : ` (did you mean '${guess}'?)`;
  const known = OPTION_NAMES.join(', ');
  return new InvalidOptionError({
    option: key,
    value: undefined,
    expected: `one of the known options: ${known}`,
    sentence: [`Unknown option '${key}'${hint}. Known options: ${known}`],
  });
}
