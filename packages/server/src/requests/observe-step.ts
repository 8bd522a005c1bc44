import type { McpRequest } from './mcp-request.js';
import { requestOutcome } from './request-outcome.js';
import type { RequestObserver, RequestStep } from './request-step.js';

/** The `target` label of a request naming nothing the server serves. */
export const UNKNOWN_TARGET_LABEL = '_unknown';

/**
 * Tells the observer (metrics) of every answered request, failures and refusals included,
 * with how long it took. The target is labelled by a bounded name only: the served prompt, the
 * template or defined resource, else the client's name once the server served it (so it is one
 * of the server's own), else `_unknown`. The observer is read per request: metrics load after
 * the pipeline is built.
 *
 * @example
 * ```ts
 * const observe = createObserveStep(() => pipeline.observer);
 * ```
 */
export function createObserveStep(observer: () => RequestObserver | undefined): RequestStep {
  return async (request, next) => {
    const listener = observer();
    if (listener === undefined) return next();
    const tell = (outcome: string): void => {
      listener.answeredRequest({
        method: request.method,
        target: targetLabel(request, outcome),
        outcome,
        durationMs: performance.now() - request.startedAt,
      });
    };
    try {
      const answer = await next();
      tell(requestOutcome({ answer }));
      return answer;
    } catch (error) {
      tell(requestOutcome({ error }));
      throw error;
    }
  };
}

function targetLabel(request: McpRequest, outcome: string): string {
  const { target } = request;
  if (target === undefined) return '';
  if (target.label !== undefined) return target.label;
  return outcome === 'ok' ? target.name : UNKNOWN_TARGET_LABEL;
}
