import { createToolErrorResult } from '@apcore-mcp/errors';
import type { ProtocolError } from '@modelcontextprotocol/server';
import { readErrorCode, type ToolCallResult } from '../../kernel/tool-call-result.js';

const MARKER = Symbol.for('apcore-mcp.error.ProtocolRefusal');

/**
 * A refusal the protocol answers as a JSON-RPC error, not as a tool result: an unknown tool
 * (-32602), a task asked of a tool that never runs as one (-32601), a tool that only runs as a
 * task called without one (-32021, or -32601 on 2025-11-25).
 *
 * This is the one way such an answer goes through the call pipeline. A step throws it;
 * `answerErrors` answers the call with its `result`, as it answers any refusal, so that every
 * step outside (the ledger, the log line, metrics, the span) counts it like any other failed
 * call, and keeps its `protocolError` on the call (`call.failure.protocolError`). The router's
 * request exit (`ExecutionRouter#answerRequest`, what a client's `tools/call` goes through)
 * then rejects with that error; an in-process caller (`handleCall`, a task's attempt) gets the
 * `result`.
 *
 * @example
 * ```ts
 * throw new ProtocolRefusal(
 *   new ProtocolError(ProtocolErrorCode.InvalidParams, 'Unknown tool: nope'),
 *   ERROR_MAPPER.toMcpError(moduleNotFound('nope')),
 * );
 * ```
 */
export class ProtocolRefusal extends Error {
  /** What the client is told. */
  readonly protocolError: ProtocolError;
  /** The error result the call is counted with, and what an in-process caller gets. */
  readonly result: ToolCallResult;
  /** The apcore error code of `result`, so the refusal reads as a module error where one is expected. */
  readonly code: string;

  constructor(protocolError: ProtocolError, result: ToolCallResult) {
    super(protocolError.message);
    this.name = 'ProtocolRefusal';
    Object.defineProperty(this, MARKER, { value: true });
    this.protocolError = protocolError;
    this.result = result;
    this.code = readErrorCode(result) ?? 'GENERAL_INVALID_INPUT';
  }

  /** Whether `value` is a {@link ProtocolRefusal}, from this copy of the package or another. */
  static isInstance(value: unknown): value is ProtocolRefusal {
    return typeof value === 'object' && value !== null && MARKER in value;
  }
}

/**
 * A refusal whose counted result says what the protocol error says, under the apcore `code`.
 *
 * @example
 * ```ts
 * throw refuseAs(new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Not a task'), 'GENERAL_INVALID_INPUT');
 * ```
 */
export function refuseAs(protocolError: ProtocolError, code: string): ProtocolRefusal {
  return new ProtocolRefusal(protocolError, createToolErrorResult(protocolError.message, code));
}
