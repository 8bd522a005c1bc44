import type { IncomingMessage } from 'node:http';
import { classifyInboundRequest } from '@modelcontextprotocol/server';

/**
 * Whether an MCP HTTP request belongs to the 2026-07-28 revision: a POST whose JSON-RPC body
 * carries the per-request `_meta` envelope (and is not an `initialize`). Everything else, GET
 * and DELETE included, is 2025-11-25 traffic for our session lane. The SDK's own classifier
 * decides, fed with the already parsed body and the Node headers, so both lanes agree with the
 * SDK's `isLegacyRequest` without building a web `Request` for every message. A body the SDK
 * would refuse outright (not JSON-RPC) also goes to the 2026 handler, which answers it.
 *
 * @example
 * ```ts
 * if (isModernRequest(request, body)) await modern(request, response, body);
 * ```
 */
export function isModernRequest(request: IncomingMessage, body: unknown): boolean {
  if (request.method !== 'POST' || body === undefined) return false;
  // 2026-07-28 has no sessions: a request naming one is a 2025 session's.
  if (request.headers['mcp-session-id'] !== undefined) return false;
  const outcome = classifyInboundRequest({
    httpMethod: 'POST',
    body,
    ...header('protocolVersionHeader', request.headers['mcp-protocol-version']),
    ...header('mcpMethodHeader', request.headers['mcp-method']),
    ...header('mcpNameHeader', request.headers['mcp-name']),
  });
  return outcome.kind !== 'legacy';
}

function header<K extends string>(
  key: K,
  value: string | string[] | undefined,
): Partial<Record<K, string>> {
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text === undefined ? {} : ({ [key]: text } as Partial<Record<K, string>>);
}
