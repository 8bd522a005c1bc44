import { ClientCapabilityRequiredError } from '@apcore-mcp/core';
import { createToolErrorResult, ErrorMapper } from '@apcore-mcp/errors';
import { withErrorPrefix } from '../../grouping/route-tool-call.js';
import { isInterimAnswer } from '../../kernel/task-created-result.js';
import type { ToolCallResult } from '../../kernel/tool-call-result.js';
import { ApprovalRequiredError } from '../approval-required-error.js';
import type { CallMiddleware } from './call-middleware.js';
import type { ToolCall } from './tool-call.js';

/**
 * Turns whatever the steps inside throw into the sanitized error result the client gets, and
 * puts a grouped call's prefix (`[orders/refund] `) before the text of any error result. Inside
 * it, a refusal may simply throw.
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
    answer = toErrorResult(call, error);
  }
  return isInterimAnswer(answer) ? answer : withErrorPrefix(answer, call.errorPrefix);
};

function toErrorResult(call: ToolCall, error: unknown): ToolCallResult {
  // Their messages are written for the client: they say how to make the call work.
  if (ApprovalRequiredError.isInstance(error) || ClientCapabilityRequiredError.isInstance(error)) {
    return createToolErrorResult(error.message, error.code);
  }
  // The call's logger names the tool (and trace) in whatever the mapper logs.
  return new ErrorMapper({ logger: call.logger }).toMcpError(error);
}
