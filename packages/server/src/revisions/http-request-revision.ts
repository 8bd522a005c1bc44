import type { IncomingMessage } from 'node:http';
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { rev2025Codec } from './rev2025-11-25/codec.js';
import { rev2026Codec } from './rev2026-07-28/codec.js';
import type { RevisionCodec } from './revision-codec.js';

/**
 * The revision of an MCP HTTP request: 2026-07-28 for a POST whose JSON-RPC body carries the
 * per-request `_meta` envelope (and is not an `initialize`); everything else, GET and DELETE
 * included, is 2025-11-25 traffic for the session lane. The SDK's own classifier decides, fed
 * with the already parsed body and the Node headers, so both lanes agree with the SDK's
 * `isLegacyRequest` without building a web `Request` for every message. A body the SDK would
 * refuse outright (not JSON-RPC) also goes to the 2026 handler, which answers it.
 *
 * @example
 * ```ts
 * if (!revisionOfHttpRequest(request, body).sessions) await perRequest(request, response, body);
 * ```
 */
export function revisionOfHttpRequest(request: IncomingMessage, body: unknown): RevisionCodec {
  if (request.method !== 'POST' || body === undefined) return rev2025Codec;
  // 2026-07-28 has no sessions: a request naming one is a 2025 session's.
  if (request.headers['mcp-session-id'] !== undefined) return rev2025Codec;
  const outcome = classifyInboundRequest({
    httpMethod: 'POST',
    body,
    ...header('protocolVersionHeader', request.headers['mcp-protocol-version']),
    ...header('mcpMethodHeader', request.headers['mcp-method']),
    ...header('mcpNameHeader', request.headers['mcp-name']),
  });
  return outcome.kind === 'legacy' ? rev2025Codec : rev2026Codec;
}

function header<K extends string>(
  key: K,
  value: string | string[] | undefined,
): Partial<Record<K, string>> {
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text === undefined ? {} : ({ [key]: text } as Partial<Record<K, string>>);
}
