import { TOOL_NAME_STYLES } from '@apcore-mcp/core';
import { resolveApproval } from '../calls/approval-option.js';
import { resolveToolGrouping } from '../grouping/grouping-options.js';
import type { LogLevel } from '../logger.js';
import { resolveTracing } from '../observability/tracing-option.js';
import { describeValue } from '../options/describe-value.js';
import { InvalidOptionError } from '../options/invalid-option-error.js';
import {
  resolveBoolean,
  resolveChoice,
  resolveFunction,
  resolveInteger,
} from '../options/read-option.js';
import {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_SHUTDOWN_GRACE_MS,
  type ResolvedOptions,
  type ServeOptions,
  type TransportName,
} from '../options.js';
import { readPackageVersion } from '../package-version.js';
import {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
} from '../transports/session-limits.js';
import { resolveCacheHints } from './cache-hints.js';
import { resolveGovernanceOptions } from './governance-options.js';
import { checkKnownOptions } from './known-options.js';
import { resolveMetricsOptions } from './metrics-options.js';
import { resolveModuleFilterOptions } from './module-filter-options.js';
import {
  resolveAllowedHosts,
  resolveAllowedOrigins,
  resolveHost,
  resolvePath,
  resolvePort,
} from './network-options.js';
import { resolveSecurityOptions, type SECURITY_OPTIONS } from './security-options.js';
import { resolveStateKey } from './state-key.js';

const TRANSPORTS: readonly TransportName[] = ['stdio', 'streamable-http', 'sse'];
const LOG_LEVELS: Readonly<Record<string, LogLevel>> = {
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
};

/** What differs between the entry points: their defaults and whether port 0 is allowed. */
export interface ResolveDefaults {
  transport: TransportName;
  handleSignals: boolean;
  allowAnyPort: boolean;
}

/**
 * Validates every option and fills in the defaults. Throws a `TypeError` for a value of the wrong
 * type and a `RangeError` for a value out of range, each naming the option and what it accepts.
 *
 * @example
 * ```ts
 * const resolved = resolveOptions({ port: 0 }, { transport: 'streamable-http', handleSignals: false, allowAnyPort: true });
 * ```
 */
export function resolveOptions(
  options: ServeOptions | undefined,
  defaults: ResolveDefaults,
): ResolvedOptions {
  const given = checkKnownOptions(options);
  const network = resolveNetworkOptions(given, defaults);
  return {
    ...network,
    ...resolveMetricsOptions(given, network.transport, defaults.allowAnyPort),
    ...resolveGovernanceOptions(given, network.transport),
    ...resolveToolOptions(given),
    ...resolveCallOptions(given),
    grouping: resolveToolGrouping(given),
    logLevel: resolveLogLevel(given.logLevel),
    logger: resolveLogger(given.logger),
    onStartup: resolveFunction('onStartup', given.onStartup),
    onShutdown: resolveFunction('onShutdown', given.onShutdown),
    shutdownGraceMs: resolveShutdownGrace(given.shutdownGraceMs),
    handleSignals: resolveBoolean('handleSignals', given.handleSignals, defaults.handleSignals),
  };
}

type NetworkOptions = Pick<
  ResolvedOptions,
  | 'transport'
  | 'host'
  | 'port'
  | 'path'
  | 'stateless'
  | 'allowedOrigins'
  | 'allowedHosts'
  | 'maxBodyBytes'
  | 'maxSessions'
  | 'sessionIdleTimeoutMs'
  | (typeof SECURITY_OPTIONS)[number]
>;

/** Where and how the server listens. */
function resolveNetworkOptions(options: ServeOptions, defaults: ResolveDefaults): NetworkOptions {
  const transport = resolveChoice('transport', options.transport, TRANSPORTS, defaults.transport);
  // The SRS has stdio ignore host and port silently, whatever they hold.
  const usesNetwork = transport !== 'stdio';
  return {
    transport,
    host: usesNetwork ? resolveHost(options.host) : '127.0.0.1',
    port: usesNetwork ? resolvePort(options.port, defaults.allowAnyPort) : 8000,
    path: resolvePath(options.path),
    stateless: resolveBoolean('stateless', options.stateless, false),
    allowedOrigins: resolveAllowedOrigins(options.allowedOrigins),
    allowedHosts: resolveAllowedHosts(options.allowedHosts),
    maxBodyBytes: resolveInteger('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 1),
    maxSessions: resolveInteger('maxSessions', options.maxSessions, DEFAULT_MAX_SESSIONS, 1),
    sessionIdleTimeoutMs: resolveInteger(
      'sessionIdleTimeoutMs',
      options.sessionIdleTimeoutMs,
      DEFAULT_SESSION_IDLE_TIMEOUT_MS,
      0,
    ),
    ...resolveSecurityOptions(options),
  };
}

/** Which tools are served, under which names, by which server. */
function resolveToolOptions(
  options: ServeOptions,
): Pick<
  ResolvedOptions,
  | 'name'
  | 'version'
  | 'tags'
  | 'anyTags'
  | 'excludeTags'
  | 'prefix'
  | 'toolNames'
  | 'dynamic'
  | 'toolSearch'
  | 'cacheHints'
> {
  return {
    name: resolveName(options.name),
    version: resolveVersion(options.version),
    ...resolveModuleFilterOptions(options),
    toolNames: resolveChoice('toolNames', options.toolNames, TOOL_NAME_STYLES, 'safe'),
    dynamic: resolveBoolean('dynamic', options.dynamic, false),
    toolSearch: resolveBoolean('toolSearch', options.toolSearch, false),
    cacheHints: resolveCacheHints(options.cacheHints),
  };
}

/** How each call runs: input checks, its context, its caller, its approval. */
function resolveCallOptions(
  options: ServeOptions,
): Pick<
  ResolvedOptions,
  'validateInputs' | 'contextFactory' | 'identity' | 'approval' | 'stateKey' | 'tracing'
> {
  return {
    validateInputs: resolveBoolean('validateInputs', options.validateInputs, false),
    contextFactory: resolveContextFactory(options.contextFactory),
    identity: resolveIdentity(options.identity),
    approval: resolveApproval(options.approval),
    stateKey: resolveStateKey(options.stateKey),
    tracing: resolveTracing(options.tracing),
  };
}

function resolveName(value: unknown): string {
  if (value === undefined) return 'apcore-mcp';
  const expected = 'a string of 1 to 255 characters';
  if (typeof value !== 'string') {
    throw new InvalidOptionError({ option: 'name', value, expected: 'a string' });
  }
  if (value === '') {
    const sentence = [{ option: 'name' }, ' must not be empty'];
    throw new InvalidOptionError({ option: 'name', value, expected, sentence });
  }
  if (value.length > 255) {
    const sentence = [{ option: 'name' }, ' must not exceed 255 characters'];
    throw new InvalidOptionError({ option: 'name', value, expected, sentence });
  }
  return value;
}

function resolveVersion(value: unknown): string {
  if (value === undefined) return readPackageVersion();
  if (typeof value !== 'string') {
    throw new InvalidOptionError({ option: 'version', value, expected: 'a string' });
  }
  if (value === '') {
    const sentence = [{ option: 'version' }, ' must not be empty'];
    throw new InvalidOptionError({ option: 'version', value, expected: 'a version', sentence });
  }
  return value;
}

function resolveLogLevel(value: unknown): LogLevel {
  // The SRS spelling; any case is accepted, and `warn` as well as `warning`.
  const allowed = 'DEBUG, INFO, WARNING, ERROR';
  if (value === undefined || value === null) return 'info';
  const expected = `one of: ${allowed}`;
  if (typeof value !== 'string') {
    throw new InvalidOptionError({
      option: 'logLevel',
      value,
      expected,
      sentence: [
        { option: 'logLevel' },
        ` must be a string (${expected}), got ${describeValue(value)}`,
      ],
    });
  }
  const level = LOG_LEVELS[value.toLowerCase()];
  if (level === undefined) {
    const sentence = [`Unknown log level: '${value}'. Must be one of: ${allowed}`];
    throw new InvalidOptionError({ option: 'logLevel', value, expected, sentence });
  }
  return level;
}

function resolveLogger(value: unknown): ResolvedOptions['logger'] {
  if (value === undefined) return undefined;
  const methods = ['debug', 'info', 'warn', 'error'] as const;
  const candidate = value as Record<string, unknown> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    methods.some((method) => typeof candidate[method] !== 'function')
  ) {
    throw new InvalidOptionError({
      option: 'logger',
      value,
      expected: 'a pino-compatible logger with debug, info, warn, error',
      sentence: [
        { option: 'logger' },
        ' must be a pino-compatible logger with debug, info, warn, error',
      ],
    });
  }
  return value as ResolvedOptions['logger'];
}

function resolveShutdownGrace(value: unknown): number {
  if (value === undefined) return DEFAULT_SHUTDOWN_GRACE_MS;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    const expected = 'a number of milliseconds';
    throw new InvalidOptionError({ option: 'shutdownGraceMs', value, expected });
  }
  if (value < 0) {
    const sentence = [{ option: 'shutdownGraceMs' }, ` must not be negative, got ${value}`];
    throw new InvalidOptionError({
      option: 'shutdownGraceMs',
      value,
      expected: 'at least 0',
      sentence,
    });
  }
  return value;
}

function resolveContextFactory(value: unknown): ResolvedOptions['contextFactory'] {
  if (value === undefined) return undefined;
  const candidate = value as { createContext?: unknown } | null;
  if (typeof candidate?.createContext !== 'function') {
    const expected = 'an object with a createContext(request) method';
    const sentence = [{ option: 'contextFactory' }, ` must be ${expected}`];
    throw new InvalidOptionError({ option: 'contextFactory', value, expected, sentence });
  }
  return value as ResolvedOptions['contextFactory'];
}

function resolveIdentity(value: unknown): ResolvedOptions['identity'] {
  if (value === undefined || value === null) return undefined;
  const candidate = value as { id?: unknown };
  if (typeof value !== 'object' || typeof candidate.id !== 'string' || candidate.id === '') {
    const expected = 'an object with a non-empty string id';
    const sentence = [{ option: 'identity' }, ` must be ${expected}`];
    throw new InvalidOptionError({ option: 'identity', value, expected, sentence });
  }
  return value as ResolvedOptions['identity'];
}
