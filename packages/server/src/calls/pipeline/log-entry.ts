import { isInterimAnswer } from '../../kernel/task-created-result.js';
import { logCall } from '../log-call.js';
import type { CallMiddleware } from './call-middleware.js';

/**
 * Logs each answered call at debug (tool, duration, error code); a question is not an answer.
 *
 * @example
 * ```ts
 * const entries = [route, logAnsweredCall, errors];
 * ```
 */
export const logAnsweredCall: CallMiddleware = async (call, next) => {
  const answer = await next();
  if (!isInterimAnswer(answer)) logCall(call.logger, call.tool, answer, call.startedAt);
  return answer;
};
