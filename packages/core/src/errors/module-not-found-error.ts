import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * No module is registered under the requested id. `details.moduleId` names it.
 *
 * @example
 * ```ts
 * throw new ModuleNotFoundError({ moduleId: 'image.resize' }); // "Module not found: image.resize"
 * ```
 */
export class ModuleNotFoundError extends ModuleError {
  constructor(options: { moduleId: string } & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.MODULE_NOT_FOUND,
      message: `Module not found: ${options.moduleId}`,
      details: { moduleId: options.moduleId },
    });
    this.name = 'ModuleNotFoundError';
  }

  /** Whether `value` is a module error with code `MODULE_NOT_FOUND`. */
  static override isInstance(value: unknown): value is ModuleNotFoundError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.MODULE_NOT_FOUND;
  }
}
