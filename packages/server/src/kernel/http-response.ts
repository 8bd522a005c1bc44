import type { ServerResponse } from 'node:http';

/** Writes a small JSON answer, unless an answer is already on its way. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) {
    if (!response.writableEnded) response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

/**
 * Writes a JSON-RPC error envelope (`id: null`), the shape MCP clients expect from an MCP
 * endpoint that refuses a request before any message is read.
 */
export function sendJsonRpcError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(
    response,
    status,
    { jsonrpc: '2.0', error: { code: -32000, message }, id: null },
    headers,
  );
}

/**
 * The 404 for a request naming a session this server does not have (never had, ended, or
 * closed for idling): JSON-RPC error -32001, which tells the client to start a new session.
 *
 * @example
 * ```ts
 * if (session === undefined) return sendSessionNotFound(response);
 * ```
 */
export function sendSessionNotFound(response: ServerResponse): void {
  sendJson(response, 404, {
    jsonrpc: '2.0',
    error: { code: -32001, message: 'Session not found' },
    id: null,
  });
}
