import type { CallMiddleware } from './call-middleware.js';

/**
 * The one place a call ends with a question: once a 2026-07-28 attempt asked the client
 * (approval, `elicit()`), its answer is that `input_required` question, whatever the module or
 * a middleware then made of the signal that ended it (caught, rethrown, wrapped).
 *
 * @example
 * ```ts
 * const entries = [answerErrors, answerQuestions, validate];
 * ```
 */
export const answerQuestions: CallMiddleware = async (call, next) => {
  try {
    const answer = await next();
    return call.rounds?.asked ?? answer;
  } catch (error) {
    const asked = call.rounds?.asked;
    if (asked !== undefined) return asked;
    throw error;
  }
};
