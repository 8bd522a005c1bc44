import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * A configured file or directory (an extensions directory, an ACL file) does not exist or is
 * not what it should be. `details.path` names it.
 *
 * @example
 * ```ts
 * throw new ConfigNotFoundError({ path: './extensions', message: 'Extensions directory not found: ./extensions' });
 * ```
 */
export class ConfigNotFoundError extends ModuleError {
  constructor(options: { path: string; message?: string } & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.CONFIG_NOT_FOUND,
      message: options.message ?? `Configuration not found: ${options.path}`,
      details: { path: options.path },
    });
    this.name = 'ConfigNotFoundError';
  }

  /** Whether `value` is a module error with code `CONFIG_NOT_FOUND`. */
  static override isInstance(value: unknown): value is ConfigNotFoundError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.CONFIG_NOT_FOUND;
  }
}
