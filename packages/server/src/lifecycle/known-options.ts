import { suggestClosest } from '@apcore-mcp/core';
import { GROUPING_OPTION_NAMES } from '../grouping/grouping-options.js';
import { describeValue } from '../options/describe-value.js';
import { InvalidOptionError } from '../options/invalid-option-error.js';
import type { ServeOptions } from '../options.js';
import { GOVERNANCE_OPTIONS } from './governance-options.js';
import { SECURITY_OPTIONS } from './security-options.js';

const KNOWN_OPTIONS = new Set<string>([
  'transport',
  'host',
  'port',
  'path',
  'stateless',
  'name',
  'version',
  'tags',
  'anyTags',
  'excludeTags',
  'prefix',
  'toolNames',
  ...GROUPING_OPTION_NAMES,
  'logLevel',
  'logger',
  'onStartup',
  'onShutdown',
  'dynamic',
  'toolSearch',
  'cacheHints',
  'validateInputs',
  'allowedOrigins',
  'allowedHosts',
  'maxBodyBytes',
  'maxSessions',
  'sessionIdleTimeoutMs',
  'contextFactory',
  'identity',
  ...SECURITY_OPTIONS,
  'shutdownGraceMs',
  'handleSignals',
  'approval',
  'stateKey',
  'tracing',
  'metrics',
  'metricsPort',
  ...GOVERNANCE_OPTIONS,
]);

/**
 * The options object itself: an object whose every key is a known option, so a misspelt option
 * fails loudly instead of being ignored.
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
    if (!KNOWN_OPTIONS.has(key)) {
      throw unknownOption(key);
    }
  }
  return options;
}

/** Never holds the value: a misspelt `stateKey` would carry a secret. */
function unknownOption(key: string): InvalidOptionError {
  const known = [...KNOWN_OPTIONS];
  const guess = suggestClosest(key, known);
  const hint = guess === undefined ? '' : ` (did you mean '${guess}'?)`;
  return new InvalidOptionError({
    option: key,
    value: undefined,
    expected: `one of the known options: ${known.join(', ')}`,
    sentence: [`Unknown option '${key}'${hint}. Known options: ${known.join(', ')}`],
  });
}
