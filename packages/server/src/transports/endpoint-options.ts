// The options of the HTTP endpoint itself, declared beside it: the option table lists them with
// the network options, and the endpoint reads them resolved, by these names.

import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import type { ResolvedOf } from '../kernel/option-declaration.js';
import { declareOption } from '../kernel/option-declaration.js';
import { booleanOption, integerOption } from '../kernel/primitive-options.js';
import { HTTP_TRANSPORTS, type TransportName } from '../kernel/transports.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_TIMEOUT_MS } from './session-limits.js';
import { DEFAULT_SSE_KEEP_ALIVE_MS } from './sse-keep-alive.js';

/**
 * The default `maxBodyBytes`: 4 MiB.
 *
 * @example
 * ```ts
 * await serve(registry, { transport: 'streamable-http', maxBodyBytes: DEFAULT_MAX_BODY_BYTES * 4 });
 * ```
 */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The default `maxListenStreamsPerSubject`: 16 open `subscriptions/listen` streams per subject.
 * A client opens one or a few; 16 leaves room for several clients of one user, while it takes
 * 64 subjects to fill the 1024 streams an endpoint holds at most.
 *
 * @example
 * ```ts
 * await serve(registry, { transport: 'streamable-http', maxListenStreamsPerSubject: 4 });
 * ```
 */
export const DEFAULT_MAX_LISTEN_STREAMS_PER_SUBJECT = 16;

const STREAMABLE_HTTP: readonly TransportName[] = ['streamable-http'];

/** The MCP endpoint's path: starts with `/`, no query, no spaces; `/mcp` by default. */
export function resolvePath(value: unknown): string {
  if (value === undefined) return '/mcp';
  if (typeof value !== 'string' || !value.startsWith('/') || /[?#\s]/.test(value)) {
    const expected = "a URL path starting with '/' (no query, no spaces)";
    throw new InvalidOptionError({ option: 'path', value, expected });
  }
  return value;
}

/**
 * What `instanceId` accepts, in words.
 *
 * @example
 * ```ts
 * new InvalidOptionError({ option: 'instanceId', value, expected: INSTANCE_ID_EXPECTED });
 * ```
 */
export const INSTANCE_ID_EXPECTED =
  "1 to 32 lower-case letters, digits or '-' (like 'a' or 'mcp-2')";

/** Short and plain: it starts session ids, which only take visible ASCII, and proxy rules match it. */
const INSTANCE_ID = /^[a-z0-9-]{1,32}$/;

/** The name of an instance behind a load balancer, put at the start of its session ids. */
export function resolveInstanceId(value: unknown): string {
  if (typeof value !== 'string' || !INSTANCE_ID.test(value)) {
    throw new InvalidOptionError({ option: 'instanceId', value, expected: INSTANCE_ID_EXPECTED });
  }
  return value;
}

/**
 * The HTTP endpoint's options of `serve()`, declared once. Adding one is a declaration here and
 * the code that reads it: the endpoint gets it resolved, under its name.
 *
 * @example
 * ```ts
 * ENDPOINT_OPTIONS.maxSessions.defaultValue; // 1000
 * ```
 */
export const ENDPOINT_OPTIONS = {
  /** Streamable HTTP endpoint path; default `/mcp`. */
  path: declareOption<string, string>({
    expected: "a URL path starting with '/' (no query, no spaces)",
    defaultValue: '/mcp',
    transports: STREAMABLE_HTTP,
    resolve: resolvePath,
  }),
  /** Streamable HTTP without sessions: every POST is handled by a fresh server. */
  stateless: booleanOption({ defaultValue: false, transports: STREAMABLE_HTTP }),
  /** Largest accepted HTTP request body in bytes; default 4 MiB. */
  maxBodyBytes: integerOption({
    minimum: 1,
    defaultValue: DEFAULT_MAX_BODY_BYTES,
    transports: HTTP_TRANSPORTS,
  }),
  /**
   * The most MCP sessions open at once on HTTP (Streamable HTTP and SSE); default 1000. Over it
   * a new session is answered 503 with `Retry-After`; open sessions keep working.
   */
  maxSessions: integerOption({
    minimum: 1,
    defaultValue: DEFAULT_MAX_SESSIONS,
    transports: HTTP_TRANSPORTS,
    cli: [
      {
        key: 'max-sessions',
        kind: 'integer',
        help: 'Most HTTP sessions open at once; a new one over it gets 503 with Retry-After',
      },
    ],
  }),
  /**
   * Closes a Streamable HTTP session after this many ms without a request or an open stream;
   * default 30 minutes (`DEFAULT_SESSION_IDLE_TIMEOUT_MS`), `0` never. The client then gets
   * `Session not found` and starts a new session.
   */
  sessionIdleTimeoutMs: integerOption({
    minimum: 0,
    defaultValue: DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    transports: STREAMABLE_HTTP,
    cli: [
      {
        key: 'session-idle-timeout',
        kind: 'integer',
        scale: 1000,
        help: 'Seconds a Streamable HTTP session may go without a request or an open stream before it is closed (0: never)',
      },
    ],
  }),
  /**
   * This instance's name among several behind one load balancer: every 2025-11-25 session id it
   * mints starts with it (`<instanceId>.<random>`), so the balancer can route a session to the
   * instance holding it from the `Mcp-Session-Id` header alone. 1 to 32 lower-case letters,
   * digits and `-`; none by default.
   */
  instanceId: declareOption<string, string | undefined>({
    expected: INSTANCE_ID_EXPECTED,
    defaultValue: undefined,
    transports: STREAMABLE_HTTP,
    resolve: resolveInstanceId,
    cli: [
      {
        key: 'instance-id',
        kind: 'text',
        help: 'Name of this instance behind a load balancer: 2025-11-25 session ids start with it (a-z, 0-9, -)',
      },
    ],
  }),
  /**
   * Every this many ms an open event stream (a Streamable HTTP POST or GET stream, the legacy
   * SSE stream) carries an SSE comment, so that a proxy does not time out a quiet call; a
   * 2026-07-28 answer not started within it becomes an event stream. Default 15 s
   * (`DEFAULT_SSE_KEEP_ALIVE_MS`), `0` never.
   */
  sseKeepAliveMs: integerOption({
    minimum: 0,
    defaultValue: DEFAULT_SSE_KEEP_ALIVE_MS,
    transports: HTTP_TRANSPORTS,
    cli: [
      {
        key: 'sse-keep-alive',
        kind: 'integer',
        scale: 1000,
        help: 'Seconds between keep-alive comments on a quiet event stream, below the read timeout of any proxy in front (0: none)',
      },
    ],
  }),
  /**
   * The most 2026-07-28 `subscriptions/listen` streams one authenticated subject may hold open
   * at once on Streamable HTTP (counted per process); default 16
   * (`DEFAULT_MAX_LISTEN_STREAMS_PER_SUBJECT`). One more is refused with -32602 naming it.
   * Without authentication only the endpoint's bound on all streams (1024) applies.
   */
  maxListenStreamsPerSubject: integerOption({
    minimum: 1,
    defaultValue: DEFAULT_MAX_LISTEN_STREAMS_PER_SUBJECT,
    transports: STREAMABLE_HTTP,
    cli: [
      {
        key: 'max-listen-streams-per-subject',
        kind: 'integer',
        help: 'Most 2026-07-28 subscriptions/listen streams one authenticated subject may hold open on Streamable HTTP',
      },
    ],
  }),
};

/**
 * The endpoint's options after their check, defaults filled in.
 *
 * @example
 * ```ts
 * const resolved: ResolvedEndpointOptions = { path: '/mcp', stateless: false, ... };
 * ```
 */
export type ResolvedEndpointOptions = {
  -readonly [Name in keyof typeof ENDPOINT_OPTIONS]: ResolvedOf<(typeof ENDPOINT_OPTIONS)[Name]>;
};
