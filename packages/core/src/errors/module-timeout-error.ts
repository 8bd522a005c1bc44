import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * A module ran longer than its timeout; the context's signal was aborted with this error.
 * `details` carry `moduleId` and `timeoutMs`.
 *
 * @example
 * ```ts
 * throw new ModuleTimeoutError({ moduleId: 'slow.job', timeoutMs: 30000 });
 * ```
 */
export class ModuleTimeoutError extends ModuleError {
  constructor(options: { moduleId: string; timeoutMs: number } & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.MODULE_TIMEOUT,
      message: `Module ${options.moduleId} timed out after ${options.timeoutMs}ms`,
      details: { moduleId: options.moduleId, timeoutMs: options.timeoutMs },
    });
    this.name = 'ModuleTimeoutError';
  }

  /** Whether `value` is a module error with code `MODULE_TIMEOUT`. */
  static override isInstance(value: unknown): value is ModuleTimeoutError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.MODULE_TIMEOUT;
  }
}
