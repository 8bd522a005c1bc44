import { sendJson } from '../kernel/http-response.js';
import type { Logger } from '../kernel/logger.js';
import { listenHttp } from './http-listener.js';
import { type MetricsText, serveObservability } from './observability-routes.js';

/** The address a stdio server's metrics are served on: loopback only. */
export const METRICS_LISTENER_HOST = '127.0.0.1';

/**
 * A listener serving `GET /metrics` alone, for a server on stdio.
 *
 * @example
 * ```ts
 * const listener: MetricsListener = await listenMetrics(metrics, 9464, logger);
 * await listener.close();
 * ```
 */
export interface MetricsListener {
  /** `http://127.0.0.1:<port>/metrics`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on `127.0.0.1:port` (0: any free port), nothing else (404), with the
 * loopback Host check of the HTTP transports.
 *
 * @throws {ListenError} when the port cannot be bound.
 * @example
 * ```ts
 * const listener = await listenMetrics(metrics, 0, logger);
 * console.error(listener.url);
 * ```
 */
export async function listenMetrics(
  metrics: MetricsText,
  port: number,
  logger: Logger,
): Promise<MetricsListener> {
  const routes = {
    metrics,
    sessions: () => 0,
    guard: { allowedOrigins: undefined, allowedHosts: 'auto' as const },
    logger,
  };
  const answer = async (
    request: Parameters<typeof serveObservability>[0],
    response: Parameters<typeof serveObservability>[1],
  ): Promise<void> => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (await serveObservability(request, response, url.pathname, routes)) return;
      sendJson(response, 404, { error: 'Not found', path: url.pathname });
    } catch (error) {
      logger.error({ err: error }, 'Serving /metrics failed');
      sendJson(response, 500, { error: 'Internal server error' });
    }
  };
  const { server, port: bound } = await listenHttp(
    {
      request: (req, res) => void answer(req, res),
      checkContinue: (req, res) => void answer(req, res),
    },
    METRICS_LISTENER_HOST,
    port,
  );
  return {
    url: `http://${METRICS_LISTENER_HOST}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
