import type { ToolSource } from '../../kernel/served-tool.js';
import type { CallObserver } from '../call-observer.js';
import type { CallMiddleware } from './call-middleware.js';

/**
 * Tells the observer (metrics) of every answer, refusals and questions included, with how long
 * it took. Only a served tool's name reaches it, never a client's string. The observer is read
 * per call: metrics load after the pipeline is built.
 *
 * @example
 * ```ts
 * const observe = createObserveEntry(tools, () => router.observer);
 * ```
 */
export function createObserveEntry(
  tools: ToolSource,
  observer: () => CallObserver | undefined,
): CallMiddleware {
  return async (call, next) => {
    const listener = observer();
    if (listener === undefined) return next();
    const answer = await next();
    const tool = tools.get(call.tool) === undefined ? undefined : call.tool;
    listener.answered({ tool, answer, durationMs: performance.now() - call.startedAt });
    return answer;
  };
}
