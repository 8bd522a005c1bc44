import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UsageReport } from '../usage/tool-usage.js';
import { sendJson, sendJsonRpcError } from './http-response.js';

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
 * What `GET /usage` answers from.
 *
 * @example
 * ```ts
 * const source: UsageSource = () => tracker.report();
 * ```
 */
export type UsageSource = () => UsageReport;

/**
 * Answers a request for `/usage`: 405 for any method but GET; otherwise the request is admitted
 * as an MCP request would be (Host/Origin checks, authentication: `admit` answers a refusal
 * itself) and gets the report as JSON. Usage names tools and callers' activity: never open.
 *
 * @example
 * ```ts
 * if (url.pathname === USAGE_PATH) return serveUsage(request, response, tracker.report, admitThis);
 * ```
 */
export async function serveUsage(
  request: IncomingMessage,
  response: ServerResponse,
  usage: UsageSource,
  admit: () => Promise<boolean>,
): Promise<void> {
  if (request.method !== 'GET') {
    sendJsonRpcError(response, 405, 'Method not allowed.', { allow: 'GET' });
    return;
  }
  if (!(await admit())) return;
  sendJson(response, 200, usage());
}
