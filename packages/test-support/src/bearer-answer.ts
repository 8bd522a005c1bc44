import { initializeRequest } from './mcp-messages.js';

/** How a bearer-protected MCP endpoint answered: status, and its challenge's description. */
export interface BearerAnswer {
  status: number;
  /** The `WWW-Authenticate` header, `''` when there is none. */
  challenge: string;
  /** The challenge's `error_description` (why a token was refused), if any. */
  description: string | undefined;
}

/**
 * Sends the raw `initialize` POST a client starts with, carrying `token` as its bearer token,
 * and reads the answer: what tests of token checks look at, before any SDK logic.
 *
 * @example
 * ```ts
 * expect(await initializeWithToken(url, expired)).toMatchObject({ status: 401, description: 'The token has expired' });
 * ```
 */
export async function initializeWithToken(url: string, token: string): Promise<BearerAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(initializeRequest('bearer-check')),
  });
  // The body (a JSON-RPC answer or an SSE stream) is not needed; free the connection.
  await response.body?.cancel();
  const challenge = response.headers.get('www-authenticate') ?? '';
  const description = /error_description="([^"]*)"/.exec(challenge)?.[1];
  return { status: response.status, challenge, description };
}
