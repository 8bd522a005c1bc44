import { isRecord } from '@apcore-mcp/core/bridge';
import type { RequestId } from '@modelcontextprotocol/server';

/**
 * The id of a single JSON-RPC request, which an error answering it must carry; `null` (what
 * JSON-RPC answers when the id cannot be read) for a batch, a notification, or an id that is
 * neither a string nor a number.
 *
 * @example
 * ```ts
 * sendJson(response, 400, { jsonrpc: '2.0', id: requestIdOf(body), error });
 * ```
 */
export function requestIdOf(body: unknown): RequestId | null {
  const id = isRecord(body) ? body.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
