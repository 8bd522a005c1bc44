import { GROUPING_OPTION_NAMES } from '../grouping/grouping-options.js';
import type { ServeOptions } from '../options.js';
import { GOVERNANCE_OPTIONS } from './governance-options.js';
import { describe } from './read-option.js';
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
 * @throws {TypeError} not an object, or an unknown key (the known ones are listed).
 * @example
 * ```ts
 * const options = checkKnownOptions({ transport: 'stdio' });
 * ```
 */
export function checkKnownOptions(options: ServeOptions | undefined | null): ServeOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') {
    throw new TypeError(`options must be an object, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) {
      throw new TypeError(
        `Unknown option '${key}'. Known options: ${[...KNOWN_OPTIONS].join(', ')}`,
      );
    }
  }
  return options;
}
