import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identity } from '@apcore-mcp/core';
import { sendJson, sendJsonRpcError } from '../kernel/http-response.js';
import type { UsageReport } from '../usage/tool-usage.js';
import { readAdmittedIdentity } from './http-admission.js';

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
 * What `GET /usage` answers from: the report as the admitted caller may see it (`undefined`:
 * the request has none, as without authentication).
 *
 * @example
 * ```ts
 * const source: UsageSource = (caller) => (caller === undefined ? tracker.report() : mine(caller));
 * ```
 */
export type UsageSource = (caller: Identity | undefined) => UsageReport;

/**
 * Answers a request for `/usage`: 405 for any method but GET; otherwise the request is admitted
 * as an MCP request would be (Host/Origin checks, authentication: `admit` answers a refusal
 * itself) and gets, as JSON, what `usage` shows the identity admission found. Usage names tools
 * and callers' activity: never open.
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
  sendJson(response, 200, usage(readAdmittedIdentity(request)));
}
