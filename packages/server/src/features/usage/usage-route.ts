import { sendJson, sendJsonRpcError } from '../../kernel/http-response.js';
import type { HttpRoute } from '../../kernel/http-route.js';
import { readAdmittedIdentity } from '../../transports/http-admission.js';
import type { UsageReader } from './usage-reader.js';

/**
 * Where `GET /usage` answers.
 *
 * @example
 * ```ts
 * const usage = (await fetch('http://127.0.0.1:8000/usage', { headers })).json();
 * ```
 */
export const USAGE_PATH = '/usage';

/**
 * The route of `/usage`: 405 for any method but GET; otherwise the request is admitted as an
 * MCP request would be (Host/Origin checks, authentication: `admit` answers a refusal itself)
 * and gets, as JSON, what `read` shows the identity admission found. Usage names tools and
 * callers' activity: never open.
 *
 * @example
 * ```ts
 * const route = usageRoute(createUsageReader({ report: tracker.report, toolsFor, adminRoles: [], identity }));
 * ```
 */
export function usageRoute(read: UsageReader): HttpRoute {
  return {
    owns: (pathname) => pathname === USAGE_PATH,
    serve: async ({ request, response, admit }) => {
      if (request.method !== 'GET') {
        sendJsonRpcError(response, 405, 'Method not allowed.', { allow: 'GET' });
        return;
      }
      if (!(await admit())) return;
      sendJson(response, 200, read(readAdmittedIdentity(request)));
    },
  };
}
