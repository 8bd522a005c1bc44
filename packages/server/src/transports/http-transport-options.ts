import type { BearerAuth } from '../auth/bearer-auth.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { Authenticate } from '../options.js';
import type { ResolvedCors } from './cors.js';
import type { RuntimeHealth } from './observability-routes.js';
import type { TlsOptions } from './tls-option.js';
import type { UsageSource } from './usage-route.js';

/**
 * Options of the HTTP transports.
 *
 * @example
 * ```ts
 * const options: HttpTransportOptions = { host: '0.0.0.0', port: 8000, allowedHosts: ['mcp.example.com'] };
 * ```
 */
export interface HttpTransportOptions {
  host: string;
  /** 0 picks a free port; the URL tells which. */
  port: number;
  /** Streamable HTTP endpoint path; default `/mcp`. */
  path?: string;
  /** Streamable HTTP without sessions. */
  stateless?: boolean;
  allowedOrigins?: readonly string[] | '*';
  allowedHosts?: readonly string[] | '*';
  maxBodyBytes?: number;
  /** The most sessions open at once; default 1000. */
  maxSessions?: number;
  /** Streamable HTTP sessions idle this long are closed; default 30 minutes, `0`: never. */
  sessionIdleTimeoutMs?: number;
  authenticate?: Authenticate;
  /** Bearer token checks (the `auth` option), instead of `authenticate`. */
  bearer?: BearerAuth;
  /** CORS for these browser origins (also allowed by the Origin guard); HTTPS with `tls`. */
  cors?: ResolvedCors;
  tls?: TlsOptions;
  /** Answers `GET /health`; no health route when absent. */
  health?: RuntimeHealth;
  /** Answers `GET /metrics`; no metrics route when absent. */
  metrics?: ServerMetrics | undefined;
  /** Answers `GET /usage` (after admission); no usage route when absent. */
  usage?: UsageSource | undefined;
}
