import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../kernel/http-response.js';

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
 * Answers `GET /health` when it is served: fast, unauthenticated, naming no module; `false`
 * for any other request.
 *
 * @example
 * ```ts
 * if (serveHealth(request, response, health, sessions)) return;
 * ```
 */
export function serveHealth(
  request: IncomingMessage,
  response: ServerResponse,
  health: RuntimeHealth | undefined,
  sessions: () => number,
): boolean {
  if (request.method !== 'GET' || health === undefined) return false;
  sendJson(response, 200, { ...health(), sessions: sessions() });
  return true;
}
