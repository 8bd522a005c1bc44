import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * The caller cancelled the call (its context's signal aborted). `details.moduleId` names the
 * module; the abort reason is the `cause`.
 *
 * @example
 * ```ts
 * throw new ExecutionCancelledError({ moduleId: 'slow.job', cause: signal.reason });
 * ```
 */
export class ExecutionCancelledError extends ModuleError {
  constructor(options: { moduleId: string } & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.EXECUTION_CANCELLED,
      message: `Execution of module ${options.moduleId} was cancelled`,
      details: { moduleId: options.moduleId },
    });
    this.name = 'ExecutionCancelledError';
  }

  /** Whether `value` is a module error with code `EXECUTION_CANCELLED`. */
  static override isInstance(value: unknown): value is ExecutionCancelledError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.EXECUTION_CANCELLED;
  }
}
