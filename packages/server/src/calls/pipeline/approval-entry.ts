import type { CallMiddleware } from './call-middleware.js';
import type { ToolCall } from './tool-call.js';

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
export function createApprovalEntry(asksHere: (call: ToolCall) => boolean): CallMiddleware {
  return async (call, next) => {
    const { opened } = call;
    if (opened !== undefined && asksHere(call)) {
      await opened.approval.check(opened.moduleId, call.arguments);
    }
    return next();
  };
}
