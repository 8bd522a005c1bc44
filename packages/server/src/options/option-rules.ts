// The rules between options, each written once: the CLI maps their errors to its flags.
import { silentLogger } from '@apcore-mcp/core/bridge';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import { featureFrameOf, featuresWithOptions } from './feature-options.js';
import type { ResolvedByOption, ServeOptions } from './serve-options.js';

/** One rule: throws an `InvalidOptionError` when the options break it. */
type OptionRule = (resolved: ResolvedByOption, given: ServeOptions) => void;

/** Bearer tokens or a custom check: two ways to authenticate would disagree. */
const oneWayToAuthenticate: OptionRule = (resolved) => {
  if (resolved.authenticate === undefined || resolved.auth === undefined) return;
  throw new InvalidOptionError({
    option: 'auth',
    value: '(given)',
    expected: 'no authenticate function beside it',
    sentence: [
      'Give either ',
      { option: 'auth' },
      ' (bearer JWTs) or ',
      { option: 'authenticate' },
      ' (a custom check), not both; to accept both, verify tokens inside your authenticate function',
    ],
  });
};

/** Each feature's own check of its options against the frame's. */
const featureChecks: OptionRule = (resolved, given) => {
  const frame = featureFrameOf(resolved, resolved.logger ?? silentLogger);
  for (const { feature, options } of featuresWithOptions(resolved)) {
    feature.checkOptions?.(options, frame, given);
  }
};

const OPTION_RULES: readonly OptionRule[] = [oneWayToAuthenticate, featureChecks];

/**
 * Checks the rules between options (an option given for a transport it does not apply to is
 * the table's own check, made while resolving it).
 *
 * @throws {InvalidOptionError} for the first rule broken.
 * @example
 * ```ts
 * checkOptionRules(resolved, given);
 * ```
 */
export function checkOptionRules(resolved: ResolvedByOption, given: ServeOptions): void {
  for (const rule of OPTION_RULES) rule(resolved, given);
}
