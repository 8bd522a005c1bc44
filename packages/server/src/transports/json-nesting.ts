import { isRecord } from '@apcore-mcp/core/bridge';
import { ProtocolErrorCode, type RequestId } from '@modelcontextprotocol/server';
import { isNestedDeeperThan } from './json-depth.js';
import { requestIdOf } from './request-id.js';

/**
 * How many levels of arrays and objects a received JSON-RPC message may nest, the message itself
 * being the first. A deeper one is refused before it reaches the SDK, on every transport, with
 * JSON-RPC error -32600 (HTTP 400). Real messages stay far below; one nested thousands of levels
 * deep would otherwise overflow the stack of the first code that walks it.
 *
 * @example
 * ```ts
 * import { MAX_JSON_DEPTH } from '@apcore-mcp/server/protocol';
 * // A tools/call's arguments start three levels down (message, params, arguments).
 * const argumentLevels = MAX_JSON_DEPTH - 3;
 * ```
 */
export const MAX_JSON_DEPTH = 256;

/**
 * How many levels a request's `params._meta` may nest, `_meta` itself being the first: it carries
 * protocol data (a progress token, the 2026-07-28 envelope), never more than a few levels. A
 * deeper one is refused as {@link MAX_JSON_DEPTH} refuses a deep message.
 *
 * @example
 * ```ts
 * import { MAX_META_DEPTH } from '@apcore-mcp/server/protocol';
 * const meta = { progressToken: 'call-1' }; // 1 level of MAX_META_DEPTH
 * ```
 */
export const MAX_META_DEPTH = 64;

/** The JSON-RPC error a message nested too deep is answered with. */
export interface NestingRefusal {
  jsonrpc: '2.0';
  /** The request's id when it can be read, else `null`. */
  id: RequestId | null;
  error: { code: number; message: string };
}

/**
 * Checks a parsed JSON-RPC body (one message or a batch) against {@link MAX_META_DEPTH} and
 * {@link MAX_JSON_DEPTH}: the error to answer it with when it nests too deep, else `undefined`.
 *
 * @example
 * ```ts
 * const refusal = checkNesting(body);
 * if (refusal) return sendJson(response, 400, refusal);
 * ```
 */
export function checkNesting(body: unknown): NestingRefusal | undefined {
  const problem = findNestingProblem(body);
  if (problem === undefined) return undefined;
  return {
    jsonrpc: '2.0',
    id: requestIdOf(body),
    error: { code: ProtocolErrorCode.InvalidRequest, message: `Invalid Request: ${problem}` },
  };
}

function findNestingProblem(body: unknown): string | undefined {
  // `_meta` first: its limit is the tighter one, so a deep progress token is named for what it is.
  const messages = Array.isArray(body) ? body : [body];
  if (messages.some((message) => isNestedDeeperThan(metaOf(message), MAX_META_DEPTH))) {
    return `params._meta nested deeper than ${MAX_META_DEPTH} levels`;
  }
  if (isNestedDeeperThan(body, MAX_JSON_DEPTH)) {
    return `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
  }
  return undefined;
}

function metaOf(message: unknown): unknown {
  return isRecord(message) && isRecord(message.params) ? message.params._meta : undefined;
}
