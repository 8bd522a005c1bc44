import type { BearerAuth } from '../auth/bearer-auth.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import type { GuardPolicy } from './http-guard.js';
import type { RuntimeHealth } from './observability-routes.js';
import type { TlsOptions } from './tls-option.js';
import type { UsageSource } from './usage-route.js';

/**
 * The resolved options the HTTP endpoint reads as they are: an option of the HTTP server is
 * declared in the option table and named here.
 *
 * @example
 * ```ts
 * HTTP_ENDPOINT_OPTIONS.includes('maxSessions'); // true
 * ```
 */
export const HTTP_ENDPOINT_OPTIONS = [
  'path',
  'stateless',
  'maxBodyBytes',
  'maxSessions',
  'sessionIdleTimeoutMs',
  'authenticate',
  'cors',
] as const satisfies readonly (keyof ResolvedOptions)[];

/**
 * The HTTP endpoint's options both entry points build from the resolved options: the options
 * it reads as they are, and what the runtime adds (the guard, the bearer check, the routes).
 *
 * @example
 * ```ts
 * const endpoint: HttpEndpointOptions = toHttpEndpointOptions(runtime, resolved, metrics);
 * ```
 */
export interface HttpEndpointOptions
  extends Pick<ResolvedOptions, (typeof HTTP_ENDPOINT_OPTIONS)[number]> {
  guard: GuardPolicy;
  /** The bearer token check of the `auth` option (never together with `authenticate`). */
  bearer?: BearerAuth | undefined;
  /** Answers `GET /health` (the handler adds `sessions`); no health route when absent. */
  health?: RuntimeHealth | undefined;
  /** Answers `GET /metrics` (and is told how to count sessions); no metrics route when absent. */
  metrics?: ServerMetrics | undefined;
  /** Answers `GET /usage` once the request is admitted as `/mcp` ones are; no route when absent. */
  usage?: UsageSource | undefined;
}

/**
 * Options of the HTTP transports: where to listen, over TLS or not, and the endpoint's options.
 *
 * @example
 * ```ts
 * const options: HttpTransportOptions = { ...toHttpEndpointOptions(runtime, resolved, metrics), host: '0.0.0.0', port: 8000 };
 * ```
 */
export interface HttpTransportOptions extends HttpEndpointOptions {
  host: string;
  /** 0 picks a free port; the URL tells which. */
  port: number;
  tls?: TlsOptions | undefined;
}
