import { sendJson } from '../kernel/http-response.js';
import type { HttpRoute } from '../kernel/http-route.js';
import type { Logger } from '../kernel/logger.js';
import { authenticateRequest } from './http-admission.js';
import type { HttpEndpointOptions } from './http-transport-options.js';
import { type ObservabilityRoutes, serveObservability } from './observability-routes.js';

/**
 * The routes the frame serves beside the MCP endpoint: `/health` and `/metrics`. The features'
 * routes follow them.
 */
export function frameRoutes(
  options: HttpEndpointOptions & { logger: Logger },
  parts: {
    endpointPath: string;
    sessions: () => number;
  },
): HttpRoute[] {
  const { endpointPath } = parts;
  const { authenticator, guard, logger } = options;
  const policy = { guard, authenticator, logger };
  const observability: ObservabilityRoutes = {
    health: options.health,
    metrics: options.metrics,
    sessions: parts.sessions,
    guard,
    logger,
    ...(authenticator?.protectsMetrics === true
      ? {
          authorizeMetrics: (request, response) =>
            authenticateRequest(request, response, policy, endpointPath),
        }
      : {}),
  };
  const routes: (HttpRoute | undefined)[] = [
    {
      owns: (pathname) => pathname === '/health' || pathname === '/metrics',
      serve: async ({ request, response, url }) => {
        if (await serveObservability(request, response, url.pathname, observability)) return;
        sendJson(response, 404, { error: 'Not found', path: url.pathname });
      },
    },
  ];
  return routes.filter((route) => route !== undefined);
}
