import type { CallMiddleware } from './call-middleware.js';

/**
 * The one place a call ends with a question: once a 2026-07-28 attempt asked the client
 * (approval, `ask()`, `elicit()`, `sample()`, `listRoots()`), its answer is that `input_required` question, whatever the module or
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
    // A question the module did not wait for still ends the attempt once its round is asked.
    return (await call.rounds?.settled()) ?? answer;
  } catch (error) {
    const asked = await call.rounds?.settled();
    if (asked !== undefined) return asked;
    throw error;
  }
};
