import { ErrorCodes } from '@apcore-mcp/core';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { readErrorCode, type ToolCallResult } from '../kernel/tool-call-result.js';

/** A refusal without an error code: never expected, but a code is always sent. */
const UNKNOWN_REFUSAL = 'ERROR';

/**
 * The JSON-RPC code of each refusal a request may share with tool calls. Over a limit is
 * -32602, as a subject over its share of subscriptions or listen streams is refused; a result
 * the server will not send, or a server going away, is the server's side (-32603).
 */
const REFUSAL_CODES: Readonly<Record<string, ProtocolErrorCode>> = {
  [ErrorCodes.RATE_LIMITED]: ProtocolErrorCode.InvalidParams,
  [ErrorCodes.BUDGET_EXCEEDED]: ProtocolErrorCode.InvalidParams,
};

/**
 * A refusal the tool pipeline answers as a tool error result (a rate limit, shutdown, a result
 * over `maxResultBytes`) as the JSON-RPC error of a request that has no error results
 * (`resources/read`, `prompts/get`, ...): the same sentence, and in `data` the same apcore
 * `code` (and `retryAfterSeconds` when the refusal gives one).
 *
 * @example
 * ```ts
 * throw toRequestRefusal(refuseShuttingDown()); // -32603 'Server is shutting down', data { code: 'SERVER_SHUTTING_DOWN' }
 * ```
 */
export function toRequestRefusal(result: ToolCallResult): ProtocolError {
  const code = readErrorCode(result) ?? UNKNOWN_REFUSAL;
  const message = result.content.map((item) => ('text' in item ? item.text : '')).join('\n');
  const retryAfterSeconds = result._meta?.retryAfterSeconds;
  const data = typeof retryAfterSeconds === 'number' ? { code, retryAfterSeconds } : { code };
  return new ProtocolError(REFUSAL_CODES[code] ?? ProtocolErrorCode.InternalError, message, data);
}
