import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * The ACL refused the call. `details.callerId` is the effective caller (`@external` for a
 * top-level call) and `details.targetId` the module.
 *
 * @example
 * ```ts
 * throw new ACLDeniedError({ callerId: '@external', targetId: 'admin.purge' });
 * ```
 */
export class ACLDeniedError extends ModuleError {
  constructor(options: { callerId: string; targetId: string } & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.ACL_DENIED,
      message: `Access denied: ${options.callerId} -> ${options.targetId}`,
      details: { callerId: options.callerId, targetId: options.targetId },
    });
    this.name = 'ACLDeniedError';
  }

  /** Whether `value` is a module error with code `ACL_DENIED`. */
  static override isInstance(value: unknown): value is ACLDeniedError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.ACL_DENIED;
  }
}
