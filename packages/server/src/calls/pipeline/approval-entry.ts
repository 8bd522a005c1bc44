import type { OpenedMiddleware } from './call-middleware.js';
import type { CheckedCall } from './tool-call.js';

/**
 * Asks approval before the executor runs, for a module that requires it, when the server asks
 * (`asksHere`, decided once at start: an executor that asks the approval its context carries
 * does it itself, after its ACL, nested calls included). A denial throws; a question ends the
 * attempt.
 *
 * @example
 * ```ts
 * const approve = createApprovalEntry((call) => !executorAsks && requiresApproval(call));
 * ```
 */
export function createApprovalEntry(asksHere: (call: CheckedCall) => boolean): OpenedMiddleware {
  return async (call, next) => {
    const { opened } = call;
    if (asksHere(call)) {
      await opened.approval.check(opened.moduleId, call.arguments);
    }
    return next();
  };
}
