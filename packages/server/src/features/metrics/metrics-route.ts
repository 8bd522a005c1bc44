import { sendJson } from '../../kernel/http-response.js';
import type { HttpExchange, HttpRoute } from '../../kernel/http-route.js';

/**
 * Where the metrics are scraped, on the HTTP transports' port and on stdio's metrics listener.
 *
 * @example
 * ```ts
 * const text = await (await fetch(new URL(METRICS_PATH, serverUrl))).text();
 * ```
 */
export const METRICS_PATH = '/metrics';

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

/**
 * The route of `GET /metrics` (see {@link serveMetrics}).
 *
 * @example
 * ```ts
 * const route = metricsRoute(metrics, frame.authenticator?.protectsMetrics === true);
 * ```
 */
export function metricsRoute(metrics: MetricsText, authenticate: boolean): HttpRoute {
  return {
    owns: (pathname) => pathname === METRICS_PATH,
    serve: (exchange) => serveMetrics(exchange, metrics, authenticate),
  };
}

/**
 * Answers `GET /metrics` with the text exposition; 404 for another method. It passes the
 * Host/Origin checks, and authentication only when `authenticate` (`auth.protectMetrics`):
 * scrapers, like health checks, usually carry no credentials. Each check answers its refusal.
 *
 * @example
 * ```ts
 * await serveMetrics(exchange, metrics, false);
 * ```
 */
export async function serveMetrics(
  exchange: HttpExchange,
  metrics: MetricsText,
  authenticate: boolean,
): Promise<void> {
  const { request, response, url } = exchange;
  if (request.method !== 'GET') {
    sendJson(response, 404, { error: 'Not found', path: url.pathname });
    return;
  }
  if (!exchange.passGuard(METRICS_PATH)) return;
  // The Host/Origin checks passed: admission adds only the authentication step.
  if (authenticate && !(await exchange.admit())) return;
  const text = await metrics.text();
  response.writeHead(200, { 'content-type': metrics.contentType });
  response.end(text);
}
