import type { IncomingMessage } from 'node:http';
import type { GroupingOption } from '@apcore-mcp/annotations';
import type { ContextFactory, Identity, ModuleAnnotations, ToolNameStyle } from '@apcore-mcp/core';
import type { Registry } from 'prom-client';
import type { AuthOptions, ResolvedAuth } from './auth/auth-options.js';
import type { ApprovalOption } from './calls/approval-option.js';
import type { LedgerStore } from './governance/ledger-record.js';
import type { LimitsOptions, ResolvedLimits } from './governance/limits-option.js';
import type { ToolGrouping } from './grouping/grouping-options.js';
import type { CacheHints } from './lifecycle/cache-hints.js';
import type { Logger, LogLevel } from './logger.js';
import type { MetricsOption } from './metrics/server-metrics.js';
import type { TracingOption } from './observability/tracing-option.js';
import type { LimitStore } from './store/limit-store.js';
import type { CorsOptions, ResolvedCors } from './transports/cors.js';
import type { TlsOptions } from './transports/tls-option.js';
import type { ResolvedUsage, UsageOption } from './usage/usage-option.js';

/**
 * The transports the server speaks.
 *
 * @example
 * ```ts
 * const transport: TransportName = 'streamable-http';
 * ```
 */
export type TransportName = 'stdio' | 'streamable-http' | 'sse';

/**
 * Finds out who sends an HTTP request. Return `null` to refuse it (401); throwing refuses it too.
 *
 * @example
 * ```ts
 * const authenticate: Authenticate = (request) =>
 *   request.headers['x-api-key'] === 'secret' ? { id: 'cli-user' } : null;
 * ```
 */
export type Authenticate = (
  request: IncomingMessage,
) => Identity | null | undefined | Promise<Identity | null | undefined>;

/**
 * Options of `serve()`, `startServer()` and `createMcpHandler()`. Every option is validated
 * before anything starts; a bad one throws a `TypeError` (wrong type) or `RangeError` (wrong
 * value) naming the option and what it accepts.
 *
 * @example
 * ```ts
 * const options: ServeOptions = { transport: 'streamable-http', port: 9000, tags: ['public'] };
 * ```
 */
export interface ServeOptions {
  /** `stdio` (default), `streamable-http` or `sse`; case-insensitive. */
  transport?: string;
  /** Bind address for HTTP transports; default `127.0.0.1`. Ignored by stdio. */
  host?: string;
  /** Bind port for HTTP transports; default 8000, 1..65535 (`startServer` also takes 0: any free port). */
  port?: number;
  /** Streamable HTTP endpoint path; default `/mcp`. */
  path?: string;
  /** Streamable HTTP without sessions: every POST is handled by a fresh server. */
  stateless?: boolean;
  /** Server name reported to clients; default `apcore-mcp`, 1..255 characters. */
  name?: string;
  /** Server version reported to clients; default this package's version. */
  version?: string;
  /** Serve only modules carrying all of these tags. */
  tags?: readonly string[];
  /** Serve only modules carrying at least one of these tags (with `tags` and `excludeTags`: AND). */
  anyTags?: readonly string[];
  /** Serve no module carrying any of these tags. */
  excludeTags?: readonly string[];
  /** Serve only modules whose id starts with this prefix. */
  prefix?: string;
  /**
   * How modules are named as tools. `'safe'` (default): names every common client accepts
   * (`catalog.get_product` -> `catalog-get_product`; over 64 characters, a readable head and a
   * hash), the same names the OpenAI export gives. `'module-id'`: the module ids themselves, for
   * clients known to accept dots. Case-insensitive.
   */
  toolNames?: ToolNameStyle;
  /**
   * Folds many modules into few tools: `'none'` (default), `'namespace'` (the modules sharing an
   * id prefix, `orders.place_order` + `orders.cancel_order`, become the tool `orders` with a
   * required `action` field), `'auto'` (`'namespace'` once more than `maxTools` modules are
   * served), or `(moduleId) => groupName | undefined`. Modes are case-insensitive.
   */
  grouping?: GroupingOption;
  /** The tool count `grouping: 'auto'` keeps to; default 40. */
  maxTools?: number;
  /** Encode a grouped tool's action table in TOON (fewer tokens); default false. */
  toonDescriptions?: boolean;
  /** Annotations per group (`{ orders: { idempotent: true } }`), winning over the aggregate. */
  groupAnnotations?: Readonly<Record<string, Partial<ModuleAnnotations>>>;
  /** `debug`, `info` (default), `warn` (or `warning`), `error`; case-insensitive. Ignored when `logger` is given. */
  logLevel?: string;
  /** A pino-compatible logger to use instead of the one `serve()` creates on stderr. */
  logger?: Logger;
  /** Runs once the server accepts connections. */
  onStartup?: () => void | Promise<void>;
  /** Runs once the server has shut down, before `serve()` resolves. */
  onShutdown?: () => void | Promise<void>;
  /**
   * List two tools instead of every module: `search_tools` (ranked full-text search over the
   * served tools: names, descriptions, input schemas) and `call_tool` (runs one by name, with
   * every check a direct call gets). For registries too large for a client's tool list; direct
   * calls by a tool's own name keep working. Default false.
   */
  toolSearch?: boolean;
  /** Follow registry `register`/`unregister` events while serving; default false. */
  dynamic?: boolean;
  /**
   * How long 2026-07-28 clients may reuse list and read results, per request kind, e.g.
   * `{ 'tools/list': { ttlMs: 60_000 } }`; default: no reuse (`ttlMs: 0`, `'private'`).
   * Never sent to 2025-11-25 clients.
   */
  cacheHints?: CacheHints;
  /** Check arguments against the input schema before calling the executor; default false. */
  validateInputs?: boolean;
  /** Browser origins allowed on HTTP (exact `scheme://host[:port]`, or `'*'`); default loopback origins. */
  allowedOrigins?: readonly string[] | '*';
  /** Accepted `Host` headers (DNS-rebinding protection); default loopback names when bound to loopback. */
  allowedHosts?: readonly string[] | '*';
  /** Largest accepted HTTP request body in bytes; default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * The most MCP sessions open at once on HTTP (Streamable HTTP and SSE); default 1000. Over it
   * a new session is answered 503 with `Retry-After`; open sessions keep working.
   */
  maxSessions?: number;
  /**
   * Closes a Streamable HTTP session after this many ms without a request or an open stream;
   * default 30 minutes (`DEFAULT_SESSION_IDLE_TIMEOUT_MS`), `0` never. The client then gets
   * `Session not found` and starts a new session.
   */
  sessionIdleTimeoutMs?: number;
  /** Builds the context of each call for an executor the server did not create. */
  contextFactory?: ContextFactory;
  /** The caller every call is made as (stdio, or HTTP without `authenticate`). */
  identity?: Identity;
  /**
   * Finds the caller of each HTTP request; `null` answers 401. For API keys or anything custom;
   * for bearer JWTs use `auth`. Giving both is a `RangeError`.
   */
  authenticate?: Authenticate;
  /**
   * Bearer JWT authentication on HTTP, as an OAuth 2.1 protected resource: keys from a JWKS, a
   * JWKS URL or an HS256 secret; a token must carry `exp` and be issued for this server (`aud` =
   * its resource URL, unless `audience` or `audienceAny` says otherwise); issuer and required
   * scopes checked when set; 401/403 with a `WWW-Authenticate` challenge;
   * `GET /.well-known/oauth-protected-resource[/mcp]` served.
   * The token's claims become the call's identity (`context.identity`). `/health` stays open;
   * `/metrics` too unless `protectMetrics`. Ignored by stdio. See {@link AuthOptions}.
   */
  auth?: AuthOptions;
  /**
   * CORS for browser clients on HTTP: preflights answered, `Mcp-Session-Id` and
   * `WWW-Authenticate` exposed to the listed origins, which the Origin guard then allows too.
   */
  cors?: CorsOptions;
  /**
   * Serve HTTPS with this PEM certificate and key (`startServer`/`serve`; `createMcpHandler`
   * runs inside your server, which owns TLS). Ignored by stdio.
   */
  tls?: TlsOptions;
  /** How long shutdown waits for in-flight calls, in ms; default 5000. */
  shutdownGraceMs?: number;
  /** Shut down on SIGINT/SIGTERM; default true for `serve()`, false for `startServer()`. */
  handleSignals?: boolean;
  /**
   * Who approves modules annotated `requiresApproval`: `'elicit'` (default) asks the user through
   * the client, `'deny'` refuses, `'allow'` runs them unasked, or your own
   * `(request) => boolean | Promise<boolean>`. Modes are case-insensitive.
   */
  approval?: ApprovalOption;
  /**
   * The key (at least 32 bytes; text as hex or base64) that signs the `requestState` a
   * 2026-07-28 client echoes when it answers a question (an approval). Default: a random key
   * per process, so several instances behind one endpoint need the same `stateKey`.
   */
  stateKey?: string | Uint8Array;
  /**
   * Trace tool calls with OpenTelemetry (`@opentelemetry/api`): `true` uses the global tracer
   * provider, `{ tracer }` your own tracer; default `false` (no tracing code runs). Spans are
   * recorded only once an OTel SDK is registered.
   */
  tracing?: TracingOption;
  /**
   * Prometheus metrics (prom-client, loaded only when on); default false. `true`: a registry of
   * the server's own, with prom-client's default process metrics. `{ registry }`: the series are
   * added to your prom-client registry (no default metrics are added to it). The HTTP transports
   * then answer `GET /metrics`.
   */
  metrics?: MetricsOption;
  /**
   * stdio only: serve `GET /metrics` alone on `127.0.0.1:metricsPort` (turns `metrics` on).
   * `startServer()` also takes 0 (any free port; see `metricsUrl`).
   */
  metricsPort?: number;
  /**
   * Rate limits and budgets per subject (`identity.id`): `calls`, `destructiveCalls` and
   * `budget` as `'60/min,1000/day'` or `{ perMinute, perHour, perDay }`, and a clock `now`. A
   * call over a limit gets a tool error (`RATE_LIMITED`, `BUDGET_EXCEEDED`, with
   * `_meta.retryAfterSeconds`) and nothing runs. Default: no limits.
   */
  limits?: LimitsOptions;
  /**
   * Where rate limits, budgets and the one-time ids of approval rounds are kept: this
   * process's memory by default; `createRedisLimitStore(url)` to share them between the
   * instances behind one endpoint (give them the same `stateKey` too). The server closes it on
   * shutdown.
   */
  store?: LimitStore;
  /**
   * Record every tool call (subject, tool, masked arguments, duration, outcome, cost): a file
   * path appends JSON lines to it (created with mode 0600; its directory must exist), or your
   * own {@link LedgerStore}. The server closes the store on shutdown. Default: no ledger.
   */
  ledger?: string | LedgerStore;
  /**
   * Serve `GET /usage` (per tool calls, errors, p50/p95 duration, last call) on the HTTP
   * transports, behind the same Host/Origin checks and authentication as `/mcp`; default false.
   * An identified caller sees the usage of the tools it may list, unless it holds one of
   * `{ adminRoles }`; without authentication the whole report is served.
   */
  usage?: UsageOption;
}

/** {@link ServeOptions} after validation, with every default filled in. */
export interface ResolvedOptions {
  transport: TransportName;
  host: string;
  port: number;
  path: string;
  stateless: boolean;
  name: string;
  version: string;
  tags: readonly string[] | undefined;
  anyTags: readonly string[] | undefined;
  excludeTags: readonly string[] | undefined;
  prefix: string | undefined;
  toolNames: ToolNameStyle;
  grouping: ToolGrouping;
  logLevel: LogLevel;
  logger: Logger | undefined;
  onStartup: (() => void | Promise<void>) | undefined;
  onShutdown: (() => void | Promise<void>) | undefined;
  dynamic: boolean;
  toolSearch: boolean;
  cacheHints: CacheHints | undefined;
  validateInputs: boolean;
  allowedOrigins: readonly string[] | '*' | undefined;
  allowedHosts: readonly string[] | '*' | undefined;
  maxBodyBytes: number;
  maxSessions: number;
  sessionIdleTimeoutMs: number;
  contextFactory: ContextFactory | undefined;
  identity: Identity | undefined;
  authenticate: Authenticate | undefined;
  auth: ResolvedAuth | undefined;
  cors: ResolvedCors | undefined;
  tls: TlsOptions | undefined;
  shutdownGraceMs: number;
  handleSignals: boolean;
  approval: ApprovalOption;
  stateKey: Uint8Array | undefined;
  tracing: TracingOption;
  metrics: false | true | { registry: Registry };
  metricsPort: number | undefined;
  limits: ResolvedLimits | undefined;
  store: LimitStore | undefined;
  ledger: string | LedgerStore | undefined;
  usage: ResolvedUsage | undefined;
}

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
 * The default `shutdownGraceMs`: 5 seconds.
 *
 * @example
 * ```ts
 * await serve(registry, { shutdownGraceMs: DEFAULT_SHUTDOWN_GRACE_MS * 2 });
 * ```
 */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5000;
