import type { Logger } from '../../kernel/logger.js';
import { validationFailed } from '../../kernel/tool-result.js';
import { InputValidator } from '../input-validator.js';
import type { CallStage } from './call-middleware.js';
import type { CheckedCall, ToolCall } from './tool-call.js';

/**
 * Refuses a call that cannot run before anything is spent or asked: a name or action routing
 * refused, then arguments its module's input schema refuses — checked when `validateInputs` is
 * on, when the server asks approval itself (nobody is asked to approve a call that cannot run),
 * and always for a grouped call (the merged schema clients see is looser than its action's).
 *
 * @example
 * ```ts
 * const validate = createValidateEntry({ always: false, approvalHere: () => true, logger });
 * ```
 */
export function createValidateEntry(options: {
  /** `validateInputs`: check every call. */
  always: boolean;
  /** Whether the server, not the executor, asks approval of this call. */
  approvalHere: (call: CheckedCall) => boolean;
  logger: Logger;
}): CallStage<ToolCall, CheckedCall> {
  const validator = new InputValidator({ logger: options.logger });
  return (call, next) => {
    const { served } = call;
    if (call.refusal !== undefined || served === undefined) throw call.refusal;
    const checked = Object.assign(call, { served });
    // A dry run reports bad input instead of being refused for it (see preflight-entry.ts).
    const preflight = call.extra.preflight === true;
    if (!preflight && (options.always || call.grouped || options.approvalHere(checked))) {
      const failures = validator.validate(served.tool, call.arguments);
      if (failures !== undefined) throw validationFailed(failures);
    }
    return next(checked);
  };
}
