import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identity } from '@apcore-mcp/core';
import { isRecord } from '@apcore-mcp/core/bridge';
import { sendJson } from '../kernel/http-response.js';
import type { Logger } from '../kernel/logger.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import { type ParamHeader, scanParamHeaders } from '../tools/param-headers.js';
import { readAdmittedIdentity } from './http-admission.js';
import { checkParamHeaders } from './param-header-check.js';
import { requestIdOf } from './request-id.js';

/** JSON-RPC `HeaderMismatch` (2026-07-28): headers that disagree with the body. */
const HEADER_MISMATCH = -32020;

/**
 * The tool a caller sees under `name` (its `tools/list` entry, under an ACL the caller's view),
 * or `undefined` when it sees none: where a call's `x-mcp-header` declarations are read.
 *
 * @example
 * ```ts
 * const listedTool: ListedTool = (name, identity) => toolsFor(identity).get(name)?.tool;
 * ```
 */
export type ListedTool = (name: string, identity: Identity | undefined) => McpTool | undefined;

/**
 * The headers each listed tool's schema declares, scanned once per schema rather than on every
 * call (a changed module gets a new tool and schema). Walking the workload's schema took about
 * 2% of the server's time per 2026-07-28 call (`bench/README.md`, "Where a call goes").
 */
const declaredHeaders = new WeakMap<object, readonly ParamHeader[]>();

function headersDeclaredBy(tool: McpTool): readonly ParamHeader[] {
  let headers = declaredHeaders.get(tool.inputSchema);
  if (headers === undefined) {
    headers = scanParamHeaders(tool.inputSchema).headers;
    declaredHeaders.set(tool.inputSchema, headers);
  }
  return headers;
}

function readHeader(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Answers a 2026-07-28 `tools/call` whose `Mcp-Param-*` headers do not match its arguments (see
 * {@link checkParamHeaders}) with HTTP 400 and JSON-RPC error `-32020` (`HeaderMismatch`), as
 * the Streamable HTTP transport requires, and returns `true`; returns `false`, having written
 * nothing, for any other request. The declarations are read from the tool as the caller lists it,
 * so a header is expected exactly where the client was told to send one. The SDK does this
 * check only for an `McpServer`; ours are low-level servers, so it happens here, before the
 * request reaches the SDK's handler.
 *
 * @example
 * ```ts
 * if (refuseParamHeaderMismatch({ request, response, body, listedTool, logger })) return;
 * ```
 */
export function refuseParamHeaderMismatch(exchange: {
  request: IncomingMessage;
  response: ServerResponse;
  body: unknown;
  listedTool: ListedTool;
  logger: Logger;
}): boolean {
  const { request, body } = exchange;
  if (!isRecord(body) || body.method !== 'tools/call' || !isRecord(body.params)) return false;
  const { name, arguments: args } = body.params;
  if (typeof name !== 'string') return false;
  const tool = exchange.listedTool(name, readAdmittedIdentity(request));
  if (tool === undefined) return false;
  const headers = headersDeclaredBy(tool);
  if (headers.length === 0) return false;
  const mismatch = checkParamHeaders(headers, args, (header) => readHeader(request, header));
  if (mismatch === undefined) return false;
  exchange.logger.debug(
    { tool: name, header: mismatch.header },
    'MCP 2026-07-28 request refused: an Mcp-Param header does not match the body',
  );
  sendJson(exchange.response, 400, {
    jsonrpc: '2.0',
    id: requestIdOf(body),
    error: { code: HEADER_MISMATCH, message: mismatch.message, data: { header: mismatch.header } },
  });
  return true;
}
