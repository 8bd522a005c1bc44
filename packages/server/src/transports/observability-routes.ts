import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../kernel/http-response.js';
import type { Logger } from '../kernel/logger.js';
import { passGuard } from './http-admission.js';
import type { GuardPolicy } from './http-guard.js';

/**
 * The body of `GET /health`: fast, unauthenticated, and naming no module.
 *
 * @example
 * ```ts
 * const health = (await (await fetch('http://127.0.0.1:8000/health')).json()) as HealthStatus;
 * ```
 */
export interface HealthStatus {
  status: 'ok';
  /** Tools served right now (kept under its first name). */
  moduleCount: number;
  /** Tools served right now. */
  tools: number;
  uptimeSeconds: number;
  /** Open MCP sessions (2025-11-25 over Streamable HTTP and SSE). */
  sessions: number;
  /** Tool calls running right now. */
  inFlight: number;
}

/**
 * What the server knows for `GET /health`; the HTTP handler adds its `sessions`.
 *
 * @example
 * ```ts
 * const health: RuntimeHealth = () => ({ status: 'ok', moduleCount: 2, tools: 2, uptimeSeconds: 1, inFlight: 0 });
 * ```
 */
export type RuntimeHealth = () => Omit<HealthStatus, 'sessions'>;

/**
 * A source of the Prometheus text exposition.
 *
 * @example
 * ```ts
 * const source: MetricsText = { contentType: registry.contentType, text: () => registry.metrics() };
 * ```
 */
export interface MetricsText {
  readonly contentType: string;
  text(): Promise<string>;
}

/** What {@link serveObservability} answers from. */
export interface ObservabilityRoutes {
  health?: RuntimeHealth | undefined;
  metrics?: MetricsText | undefined;
  sessions: () => number;
  guard: GuardPolicy;
  logger: Logger;
  /** Under `auth.protectMetrics`: the bearer check `/metrics` must pass (it answers refusals). */
  authorizeMetrics?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
}

/**
 * Answers `GET /health` and `GET /metrics` when they are served; `false` for any other request.
 * `/metrics` passes the Host/Origin guard, and authentication only under `auth.protectMetrics`
 * (scrapers, like health checks, usually carry no credentials).
 *
 * @example
 * ```ts
 * if (await serveObservability(request, response, url.pathname, routes)) return;
 * ```
 */
export async function serveObservability(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  routes: ObservabilityRoutes,
): Promise<boolean> {
  if (request.method !== 'GET') return false;
  if (pathname === '/health' && routes.health) {
    sendJson(response, 200, { ...routes.health(), sessions: routes.sessions() });
    return true;
  }
  if (pathname !== '/metrics' || routes.metrics === undefined) return false;
  if (!passGuard(request, response, routes, '/metrics')) return true;
  if (routes.authorizeMetrics && !(await routes.authorizeMetrics(request, response))) return true;
  const text = await routes.metrics.text();
  response.writeHead(200, { 'content-type': routes.metrics.contentType });
  response.end(text);
  return true;
}
