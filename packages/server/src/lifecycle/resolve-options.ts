import { TOOL_NAME_STYLES } from '@apcore-mcp/core';
import { resolveApproval } from '../calls/approval-option.js';
import type { LogLevel } from '../logger.js';
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

const TRANSPORTS: readonly TransportName[] = ['stdio', 'streamable-http', 'sse'];
const LOG_LEVELS: Readonly<Record<string, LogLevel>> = {
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
};
const KNOWN_OPTIONS = new Set<string>([
  'transport',
  'host',
  'port',
  'path',
  'stateless',
  'name',
  'version',
  'tags',
  'prefix',
  'toolNames',
  'logLevel',
  'logger',
  'onStartup',
  'onShutdown',
  'dynamic',
  'validateInputs',
  'allowedOrigins',
  'allowedHosts',
  'maxBodyBytes',
  'maxSessions',
  'sessionIdleTimeoutMs',
  'contextFactory',
  'identity',
  'authenticate',
  'shutdownGraceMs',
  'handleSignals',
  'approval',
]);

/** What differs between the entry points: their defaults and whether port 0 is allowed. */
export interface ResolveDefaults {
  transport: TransportName;
  handleSignals: boolean;
  allowAnyPort: boolean;
}

/**
 * Validates every option and fills in the defaults. Throws a `TypeError` for a value of the wrong
 * type and a `RangeError` for a value out of range, each naming the option and what it accepts.
 */
export function resolveOptions(
  options: ServeOptions | undefined,
  defaults: ResolveDefaults,
): ResolvedOptions {
  if (options === undefined || options === null) options = {};
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
  const transport = resolveChoice('transport', options.transport, TRANSPORTS, defaults.transport);
  // The SRS has stdio ignore host and port silently, whatever they hold.
  const usesNetwork = transport !== 'stdio';
  return {
    transport,
    host: usesNetwork ? resolveHost(options.host) : '127.0.0.1',
    port: usesNetwork ? resolvePort(options.port, defaults.allowAnyPort) : 8000,
    path: resolvePath(options.path),
    stateless: resolveBoolean('stateless', options.stateless, false),
    name: resolveName(options.name),
    version: resolveVersion(options.version),
    tags: resolveTags(options.tags),
    prefix: resolvePrefix(options.prefix),
    toolNames: resolveChoice('toolNames', options.toolNames, TOOL_NAME_STYLES, 'safe'),
    logLevel: resolveLogLevel(options.logLevel),
    logger: resolveLogger(options.logger),
    onStartup: resolveFunction('onStartup', options.onStartup),
    onShutdown: resolveFunction('onShutdown', options.onShutdown),
    dynamic: resolveBoolean('dynamic', options.dynamic, false),
    validateInputs: resolveBoolean('validateInputs', options.validateInputs, false),
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
    contextFactory: resolveContextFactory(options.contextFactory),
    identity: resolveIdentity(options.identity),
    authenticate: resolveFunction('authenticate', options.authenticate),
    shutdownGraceMs: resolveShutdownGrace(options.shutdownGraceMs),
    handleSignals: resolveBoolean('handleSignals', options.handleSignals, defaults.handleSignals),
    approval: resolveApproval(options.approval),
  };
}

function describe(value: unknown): string {
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
function resolveChoice<T extends string>(
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

function resolveHost(value: unknown): string {
  if (value === undefined) return '127.0.0.1';
  if (typeof value !== 'string')
    throw new TypeError(`host must be a string, got ${describe(value)}`);
  if (value.trim() === '') throw new RangeError('Host must not be empty');
  return value;
}

function resolvePort(value: unknown, allowAnyPort: boolean): number {
  if (value === undefined) return 8000;
  const minimum = allowAnyPort ? 0 : 1;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(
      `port must be an integer between ${minimum} and 65535, got ${describe(value)}`,
    );
  }
  if (value < minimum || value > 65535) {
    throw new RangeError(`Port must be between ${minimum} and 65535, got ${value}`);
  }
  return value;
}

function resolvePath(value: unknown): string {
  if (value === undefined) return '/mcp';
  if (typeof value !== 'string' || !value.startsWith('/') || /[?#\s]/.test(value)) {
    throw new TypeError(
      `path must be a URL path starting with '/' (no query, no spaces), got ${describe(value)}`,
    );
  }
  return value;
}

function resolveName(value: unknown): string {
  if (value === undefined) return 'apcore-mcp';
  if (typeof value !== 'string')
    throw new TypeError(`name must be a string, got ${describe(value)}`);
  if (value === '') throw new RangeError('name must not be empty');
  if (value.length > 255) throw new RangeError('name must not exceed 255 characters');
  return value;
}

function resolveVersion(value: unknown): string {
  if (value === undefined) return readPackageVersion();
  if (typeof value !== 'string') {
    throw new TypeError(`version must be a string, got ${describe(value)}`);
  }
  if (value === '') throw new RangeError('version must not be empty');
  return value;
}

function resolveTags(value: unknown): readonly string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string')) {
    throw new TypeError(`tags must be an array of strings, got ${describe(value)}`);
  }
  if (value.some((tag) => tag === '')) throw new RangeError('Tag values must not be empty');
  return Object.freeze([...value]);
}

function resolvePrefix(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new TypeError(`prefix must be a string, got ${describe(value)}`);
  }
  if (value === '') throw new RangeError('prefix must not be empty');
  return value;
}

function resolveLogLevel(value: unknown): LogLevel {
  // The SRS spelling; any case is accepted, and `warn` as well as `warning`.
  const allowed = 'DEBUG, INFO, WARNING, ERROR';
  if (value === undefined || value === null) return 'info';
  if (typeof value !== 'string') {
    throw new TypeError(`logLevel must be a string (one of: ${allowed}), got ${describe(value)}`);
  }
  const level = LOG_LEVELS[value.toLowerCase()];
  if (level === undefined) {
    throw new RangeError(`Unknown log level: '${value}'. Must be one of: ${allowed}`);
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
    throw new TypeError('logger must be a pino-compatible logger with debug, info, warn, error');
  }
  return value as ResolvedOptions['logger'];
}

function resolveBoolean(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw new TypeError(`${name} must be a boolean (true or false), got ${describe(value)}`);
  }
  return value;
}

function resolveFunction<T>(name: string, value: T | undefined): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') {
    throw new TypeError(`${name} must be a function, got ${describe(value)}`);
  }
  return value;
}

function resolveAllowedOrigins(value: unknown): readonly string[] | '*' | undefined {
  const allowed = "an array of origins like 'https://app.example.com', or '*'";
  if (value === undefined) return undefined;
  if (value === '*') return '*';
  if (!Array.isArray(value) || value.some((origin) => typeof origin !== 'string')) {
    throw new TypeError(`allowedOrigins must be ${allowed}, got ${describe(value)}`);
  }
  if (value.includes('*')) return '*';
  for (const origin of value as string[]) {
    if (!isOrigin(origin)) {
      throw new RangeError(
        `allowedOrigins entry '${origin}' is not an origin; expected ${allowed}`,
      );
    }
  }
  return Object.freeze([...(value as string[])]);
}

function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

function resolveAllowedHosts(value: unknown): readonly string[] | '*' | undefined {
  const allowed = "an array of host names (optionally with ':port'), or '*'";
  if (value === undefined) return undefined;
  if (value === '*') return '*';
  if (!Array.isArray(value) || value.some((host) => typeof host !== 'string' || host === '')) {
    throw new TypeError(`allowedHosts must be ${allowed}, got ${describe(value)}`);
  }
  if (value.includes('*')) return '*';
  return Object.freeze(value.map((host: string) => host.toLowerCase()));
}

/** A whole number of at least `minimum`: `TypeError` for a non-integer, `RangeError` below it. */
function resolveInteger(option: string, value: unknown, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(
      `${option} must be an integer of at least ${minimum}, got ${describe(value)}`,
    );
  }
  if (value < minimum) throw new RangeError(`${option} must be at least ${minimum}, got ${value}`);
  return value;
}

function resolveShutdownGrace(value: unknown): number {
  if (value === undefined) return DEFAULT_SHUTDOWN_GRACE_MS;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`shutdownGraceMs must be a number of milliseconds, got ${describe(value)}`);
  }
  if (value < 0) throw new RangeError(`shutdownGraceMs must not be negative, got ${value}`);
  return value;
}

function resolveContextFactory(value: unknown): ResolvedOptions['contextFactory'] {
  if (value === undefined) return undefined;
  const candidate = value as { createContext?: unknown } | null;
  if (typeof candidate !== 'object' || candidate === null) {
    throw new TypeError('contextFactory must be an object with a createContext(request) method');
  }
  if (typeof candidate.createContext !== 'function') {
    throw new TypeError('contextFactory must be an object with a createContext(request) method');
  }
  return value as ResolvedOptions['contextFactory'];
}

function resolveIdentity(value: unknown): ResolvedOptions['identity'] {
  if (value === undefined || value === null) return undefined;
  const candidate = value as { id?: unknown };
  if (typeof value !== 'object' || typeof candidate.id !== 'string' || candidate.id === '') {
    throw new TypeError('identity must be an object with a non-empty string id');
  }
  return value as ResolvedOptions['identity'];
}
