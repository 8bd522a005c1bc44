import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * Content a module answers with that cannot be sent: `image()` given text that is not base64,
 * `text()` given a number, an item without its fields. The result helpers throw it as they are
 * called; the bridges tell the client its message (it names the item and what is wrong, never
 * a value of the module's), so the module's author can see the mistake.
 *
 * @example
 * ```ts
 * throw new InvalidResultError('image: data is not valid base64 (12 characters)');
 * ```
 */
export class InvalidResultError extends ModuleError {
  constructor(message: string, options: ModuleErrorOptions = {}) {
    super({ ...options, code: ErrorCodes.INVALID_RESULT, message });
    this.name = 'InvalidResultError';
  }

  /** Whether `value` is a module error with code `INVALID_RESULT` (any copy of this package). */
  static override isInstance(value: unknown): value is InvalidResultError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.INVALID_RESULT;
  }
}
