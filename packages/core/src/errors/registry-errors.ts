import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * A module id does not match `^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$` or is longer than 192
 * characters. `details`: `moduleId`, `reason`.
 *
 * @example
 * ```ts
 * throw new InvalidModuleIdError({ moduleId: 'Image.Resize', reason: 'must be lower case' });
 * ```
 */
export class InvalidModuleIdError extends ModuleError {
  constructor(options: { moduleId: string; reason: string } & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.INVALID_MODULE_ID,
      message: `Invalid module id '${options.moduleId}': ${options.reason}`,
      details: { moduleId: options.moduleId, reason: options.reason },
    });
    this.name = 'InvalidModuleIdError';
  }

  /** Whether `value` is a module error with code `INVALID_MODULE_ID`. */
  static override isInstance(value: unknown): value is InvalidModuleIdError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.INVALID_MODULE_ID;
  }
}

/**
 * A module is already registered under this id. `details.moduleId` names it.
 *
 * @example
 * ```ts
 * throw new DuplicateModuleIdError({ moduleId: 'image.resize' });
 * ```
 */
export class DuplicateModuleIdError extends ModuleError {
  constructor(options: { moduleId: string } & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.DUPLICATE_MODULE_ID,
      message: `Module id already registered: ${options.moduleId}`,
      details: { moduleId: options.moduleId },
    });
    this.name = 'DuplicateModuleIdError';
  }

  /** Whether `value` is a module error with code `DUPLICATE_MODULE_ID`. */
  static override isInstance(value: unknown): value is DuplicateModuleIdError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.DUPLICATE_MODULE_ID;
  }
}
