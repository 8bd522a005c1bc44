import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * A module that requires approval was not approved. `details`: `moduleId`, `reason` (or null).
 *
 * @example
 * ```ts
 * throw new ApprovalDeniedError({ moduleId: 'files.delete', reason: 'declined by the user' });
 * ```
 */
export class ApprovalDeniedError extends ModuleError {
  constructor(options: { moduleId: string; reason?: string } & ModuleErrorOptions) {
    const reason = options.reason ?? null;
    super({
      ...options,
      code: ErrorCodes.APPROVAL_DENIED,
      message: `Approval denied for module ${options.moduleId}${reason === null ? '' : `: ${reason}`}`,
      details: { moduleId: options.moduleId, reason },
    });
    this.name = 'ApprovalDeniedError';
  }

  /** Whether `value` is a module error with code `APPROVAL_DENIED`. */
  static override isInstance(value: unknown): value is ApprovalDeniedError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.APPROVAL_DENIED;
  }
}
