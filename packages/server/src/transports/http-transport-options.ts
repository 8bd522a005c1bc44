import type { IncomingMessage } from 'node:http';
import type { HttpAuthenticator } from '../kernel/http-authenticator.js';
import type { HttpRoute } from '../kernel/http-route.js';
import type { ResolvedCors } from './cors.js';
import type { ResolvedEndpointOptions } from './endpoint-options.js';
import type { GuardPolicy } from './http-guard.js';
import type { ListenStreamBounds } from './listen-stream-share.js';
import type { RuntimeHealth } from './observability-routes.js';
import type { ListedTool } from './param-header-gate.js';
import type { ServerChanges } from './server-changes.js';
import type { TlsOptions } from './tls-option.js';

/**
 * The HTTP endpoint's options both entry points build from the resolved options: its own
 * (`ENDPOINT_OPTIONS`, declared beside it), the other options it reads as they are, and what the
 * runtime adds (the guard, the features' authentication and routes).
 *
 * @example
 * ```ts
 * const endpoint: HttpEndpointOptions = toHttpEndpointOptions(runtime, resolved);
 * ```
 */
export interface HttpEndpointOptions extends ResolvedEndpointOptions, ListenStreamBounds {
  /** Answers preflights and adds CORS headers for these origins. */
  cors: ResolvedCors | undefined;
  guard: GuardPolicy;
  /** The authentication step of admission, a feature's (the `auth` feature's); none: no identity. */
  authenticator?: HttpAuthenticator | undefined;
  /** Answers `GET /health` (the handler adds `sessions`); no health route when absent. */
  health?: RuntimeHealth | undefined;
  /** Told, once the handler is built, how to count its open sessions (for the features' routes). */
  countSessionsWith?: ((count: () => number) => void) | undefined;
  /** The tool a caller lists under a name: whose `x-mcp-header`s a 2026-07-28 call must match. */
  listedTool: ListedTool;
  /** What is published to 2026-07-28 clients' `subscriptions/listen` streams. */
  changes?: ServerChanges | undefined;
  /** The features' routes, asked after the frame's own (`/health`). */
  routes?: readonly HttpRoute[] | undefined;
  /** Sees each admitted MCP request before the SDK reads it (a feature marking its own). */
  onAdmittedRequest?: ((request: IncomingMessage) => void) | undefined;
}

/**
 * Options of the HTTP transports: where to listen, over TLS or not, and the endpoint's options.
 *
 * @example
 * ```ts
 * const options: HttpTransportOptions = { ...toHttpEndpointOptions(runtime, resolved), host: '0.0.0.0', port: 8000 };
 * ```
 */
export interface HttpTransportOptions extends HttpEndpointOptions {
  host: string;
  /** 0 picks a free port; the URL tells which. */
  port: number;
  tls?: TlsOptions | undefined;
}
