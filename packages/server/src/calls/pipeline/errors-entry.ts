import { ClientCapabilityRequiredError } from '@apcore-mcp/core';
import { createToolErrorResult, ErrorMapper } from '@apcore-mcp/errors';
import { withErrorPrefix } from '../../grouping/route-tool-call.js';
import { isInterimAnswer } from '../../kernel/task-created-result.js';
import type { ToolCallResult } from '../../kernel/tool-call-result.js';
import { ApprovalRequiredError } from '../approval-required-error.js';
import type { CallMiddleware } from './call-middleware.js';
import { ProtocolRefusal } from './protocol-refusal.js';

/** Maps without logging: the log entry writes the one line of a failed call, stack included. */
const ERROR_MAPPER = new ErrorMapper();

/**
 * Turns whatever the steps inside throw into the sanitized error result the client gets (what
 * was thrown stays on the call, for its log line), and puts a grouped call's prefix
 * (`[orders/refund] `) before the text of any error result. Inside it, a refusal may simply
 * throw; one the client must get as a JSON-RPC error throws a {@link ProtocolRefusal}, answered
 * here with its counted result and kept on the call for the router's request exit.
 *
 * @example
 * ```ts
 * const entries = [record, answerErrors, answerQuestions, validate];
 * ```
 */
export const answerErrors: CallMiddleware = async (call, next) => {
  let answer: Awaited<ReturnType<typeof next>>;
  try {
    answer = await next();
  } catch (error) {
    if (ProtocolRefusal.isInstance(error)) {
      call.failure = { thrown: error, protocolError: error.protocolError };
      answer = error.result;
    } else {
      call.failure = { thrown: error };
      answer = toErrorResult(error);
    }
  }
  return isInterimAnswer(answer) ? answer : withErrorPrefix(answer, call.errorPrefix);
};

function toErrorResult(error: unknown): ToolCallResult {
  // Their messages are written for the client: they say how to make the call work.
  if (ApprovalRequiredError.isInstance(error) || ClientCapabilityRequiredError.isInstance(error)) {
    return createToolErrorResult(error.message, error.code);
  }
  return ERROR_MAPPER.toMcpError(error);
}
