import type { IncomingMessage, ServerResponse } from 'node:http';
import { attachRequestClosedSignal } from '../kernel/call-extra.js';

/**
 * Aborts the calls a POST carries when the client closes it before their answers were written:
 * no answer can reach the client on that request any more. (A closed connection alone does not
 * cancel anything in MCP; a closed request whose answer is lost does.)
 *
 * @example
 * ```ts
 * if (request.method === 'POST') watchRequestClosed(request, response);
 * ```
 */
export function watchRequestClosed(request: IncomingMessage, response: ServerResponse): void {
  const closed = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) {
      closed.abort(new Error('The client closed the request before its answer'));
    }
  });
  attachRequestClosedSignal(request, closed.signal);
}
