import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * A module file could not be loaded, or exports no module. `details`: `path`, `reason`.
 *
 * @example
 * ```ts
 * throw new ModuleLoadError({ path: '/ext/a.ts', reason: 'exports no module' });
 * ```
 */
export class ModuleLoadError extends ModuleError {
  constructor(options: { path: string; reason: string } & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.MODULE_LOAD_ERROR,
      message: `Cannot load module file ${options.path}: ${options.reason}`,
      details: { path: options.path, reason: options.reason },
    });
    this.name = 'ModuleLoadError';
  }

  /** Whether `value` is a module error with code `MODULE_LOAD_ERROR`. */
  static override isInstance(value: unknown): value is ModuleLoadError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.MODULE_LOAD_ERROR;
  }
}
