// Where and how the server listens.

import { declareOption } from '../../kernel/option-declaration.js';
import { HTTP_TRANSPORTS, TRANSPORTS, type TransportName } from '../../kernel/transports.js';
import { DEFAULT_MAX_LISTEN_STREAMS_PER_SUBJECT } from '../../transports/listen-stream-share.js';
import {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
} from '../../transports/session-limits.js';
import { DEFAULT_SSE_KEEP_ALIVE_MS } from '../../transports/sse-keep-alive.js';
import { booleanOption, choiceOption, integerOption } from '../primitive-options.js';
import {
  INSTANCE_ID_EXPECTED,
  resolveHost,
  resolveInstanceId,
  resolvePath,
  resolvePort,
} from './read-http-options.js';

/**
 * The default `maxBodyBytes`: 4 MiB.
 *
 * @example
 * ```ts
 * await serve(registry, { transport: 'streamable-http', maxBodyBytes: DEFAULT_MAX_BODY_BYTES * 4 });
 * ```
 */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

const STREAMABLE_HTTP: readonly TransportName[] = ['streamable-http'];

/**
 * The network options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * NETWORK_OPTIONS.port.defaultValue; // 8000
 * ```
 */
export const NETWORK_OPTIONS = {
  /** `stdio` (default), `streamable-http` or `sse`; case-insensitive. */
  transport: choiceOption<TransportName, string>({
    choices: TRANSPORTS,
    defaultValue: 'stdio',
    defaultFor: (entry) => entry.transport,
    cli: [{ key: 'transport', kind: 'choice', foldCase: 'lower', help: 'MCP transport' }],
  }),
  /** Bind address for HTTP transports; default `127.0.0.1`. Ignored by stdio. */
  host: declareOption<string, string>({
    expected: 'a host name or address',
    defaultValue: '127.0.0.1',
    transports: HTTP_TRANSPORTS,
    otherTransports: 'ignore',
    resolve: resolveHost,
    cli: [{ key: 'host', kind: 'text', help: 'Bind address for streamable-http and sse' }],
  }),
  /** Bind port for HTTP transports; default 8000, 1..65535 (`startServer` also takes 0: any free port). */
  port: declareOption<number, number>({
    expected: 'an integer between 1 and 65535',
    defaultValue: 8000,
    limits: { minimum: 1, maximum: 65535 },
    transports: HTTP_TRANSPORTS,
    otherTransports: 'ignore',
    resolve: (value, { entry }) => resolvePort(value, entry.allowAnyPort),
    cli: [{ key: 'port', kind: 'port', help: 'Bind port for streamable-http and sse, 1..65535' }],
  }),
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
