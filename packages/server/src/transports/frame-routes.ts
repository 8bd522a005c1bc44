import { sendJson } from '../kernel/http-response.js';
import type { HttpRoute } from '../kernel/http-route.js';
import type { HttpEndpointOptions } from './http-transport-options.js';
import { serveHealth } from './observability-routes.js';

/**
 * The routes the frame serves beside the MCP endpoint: `/health`. The features' routes follow
 * it.
 */
export function frameRoutes(
  options: Pick<HttpEndpointOptions, 'health'>,
  parts: { sessions: () => number },
): HttpRoute[] {
  return [
    {
      owns: (pathname) => pathname === '/health',
      serve: ({ request, response, url }) => {
        if (serveHealth(request, response, options.health, parts.sessions)) return;
        sendJson(response, 404, { error: 'Not found', path: url.pathname });
      },
    },
  ];
}
