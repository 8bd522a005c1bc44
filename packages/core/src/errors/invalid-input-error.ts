import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/** Optional facts of an {@link InvalidInputError}. */
export interface InvalidInputErrorOptions extends ModuleErrorOptions {
  details?: Record<string, unknown>;
}

/**
 * Inputs that pass the schema but make no sense to the module. Modules throw it themselves;
 * its message is meant for the caller.
 *
 * @example
 * ```ts
 * if (inputs.start > inputs.end) throw new InvalidInputError('start must not be after end');
 * ```
 */
export class InvalidInputError extends ModuleError {
  constructor(message = 'Invalid input', options: InvalidInputErrorOptions = {}) {
    super({ ...options, code: ErrorCodes.GENERAL_INVALID_INPUT, message });
    this.name = 'InvalidInputError';
  }

  /** Whether `value` is a module error with code `GENERAL_INVALID_INPUT`. */
  static override isInstance(value: unknown): value is InvalidInputError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.GENERAL_INVALID_INPUT;
  }
}
