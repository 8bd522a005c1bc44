import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/server';
import { sendJson, sendJsonRpcError } from '../kernel/http-response.js';
import { checkNesting } from './json-nesting.js';
import { discardBody, readBody } from './read-body.js';

/** Answers 413 for a body over the limit, closing the connection. */
export function refuseTooLarge(response: ServerResponse, maxBodyBytes: number): void {
  sendJsonRpcError(
    response,
    413,
    `Payload Too Large: Request body must not exceed ${maxBodyBytes} bytes`,
    { connection: 'close' },
  );
}

/**
 * Reads a POST's JSON body: 415 for another content type, 413 over `maxBodyBytes` (counted while
 * streaming), 400 for invalid JSON and for JSON nested past the limits of `checkNesting` (so no
 * SDK code ever walks it); each answered here, `{ ok: false }` then.
 */
export async function readJsonBody(
  request: IncomingMessage,
  response: ServerResponse,
  maxBodyBytes: number,
): Promise<{ ok: true; body: unknown } | { ok: false }> {
  if (!isJsonContentType(request.headers['content-type'])) {
    sendJsonRpcError(
      response,
      415,
      'Unsupported Media Type: Content-Type must be application/json',
    );
    return { ok: false };
  }
  const read = await readBody(request, maxBodyBytes);
  if (read.tooLarge) {
    // Read the rest first: closed with unread bytes, the socket would reset and the client,
    // still writing its body, would see a broken pipe instead of this answer.
    const drained = await discardBody(request);
    refuseTooLarge(response, maxBodyBytes);
    if (!drained) response.once('finish', () => request.socket.destroy());
    return { ok: false };
  }
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    sendJson(response, 400, {
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: Invalid JSON' },
      id: null,
    });
    return { ok: false };
  }
  const refusal = checkNesting(body);
  if (refusal) {
    sendJson(response, 400, refusal);
    return { ok: false };
  }
  return { ok: true, body };
}
