import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../kernel/http-response.js';
import type { HttpExchange } from '../../kernel/http-route.js';
import type { Logger } from '../../kernel/logger.js';
import { passGuard } from '../../transports/http-admission.js';
import { listenHttp } from '../../transports/http-listener.js';
import { METRICS_PATH, type MetricsText, serveMetrics } from './metrics-route.js';

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
  const policy = { guard: { allowedOrigins: undefined, allowedHosts: 'auto' as const }, logger };
  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== METRICS_PATH) {
        sendJson(response, 404, { error: 'Not found', path: url.pathname });
        return;
      }
      const exchange: HttpExchange = {
        request,
        response,
        url,
        passGuard: (what, checks) => passGuard(request, response, policy, what, checks),
        // Nothing here authenticates: the listener is loopback only.
        admit: () => Promise.resolve(true),
      };
      await serveMetrics(exchange, metrics, false);
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
    url: `http://${METRICS_LISTENER_HOST}:${bound}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
