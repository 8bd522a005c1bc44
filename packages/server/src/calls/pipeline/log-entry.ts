import { isInterimAnswer } from '../../kernel/task-created-result.js';
import { logCall } from '../log-call.js';
import type { CallMiddleware } from './call-middleware.js';

/**
 * Logs each answered call once, whichever way it came (direct, grouped, through tool search, a
 * task's attempt): a success at debug, a failure at warn (error when the module failed
 * unexpectedly) with its tool, error code and trace id. A question is not an answer.
 *
 * @example
 * ```ts
 * const entries = [route, logAnsweredCall, errors];
 * ```
 */
export const logAnsweredCall: CallMiddleware = async (call, next) => {
  const answer = await next();
  if (!isInterimAnswer(answer)) {
    logCall(call.logger, {
      tool: call.tool,
      result: answer,
      startedAt: call.startedAt,
      failure: call.failure,
      traceId: call.traceId,
      context: call.opened?.context,
    });
  }
  return answer;
};
