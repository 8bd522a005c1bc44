import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * A nested call would make the call chain longer than `maxCallDepth`.
 * `details`: `depth`, `maxDepth`, `callChain`.
 *
 * @example
 * ```ts
 * throw new CallDepthExceededError({ depth: 33, maxDepth: 32, callChain });
 * ```
 */
export class CallDepthExceededError extends ModuleError {
  constructor(
    options: { depth: number; maxDepth: number; callChain: readonly string[] } & ModuleErrorOptions,
  ) {
    super({
      ...options,
      code: ErrorCodes.CALL_DEPTH_EXCEEDED,
      message: `Call depth ${options.depth} exceeds maximum ${options.maxDepth}`,
      details: {
        depth: options.depth,
        maxDepth: options.maxDepth,
        callChain: [...options.callChain],
      },
    });
    this.name = 'CallDepthExceededError';
  }

  /** Whether `value` is a module error with code `CALL_DEPTH_EXCEEDED`. */
  static override isInstance(value: unknown): value is CallDepthExceededError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.CALL_DEPTH_EXCEEDED;
  }
}

/**
 * A module would be called again from inside its own call with other modules in between
 * (`a -> b -> a`). `details`: `moduleId`, `callChain`.
 *
 * @example
 * ```ts
 * throw new CircularCallError({ moduleId: 'a', callChain: ['a', 'b', 'a'] });
 * ```
 */
export class CircularCallError extends ModuleError {
  constructor(options: { moduleId: string; callChain: readonly string[] } & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.CIRCULAR_CALL,
      message: `Circular call detected for module ${options.moduleId}`,
      details: { moduleId: options.moduleId, callChain: [...options.callChain] },
    });
    this.name = 'CircularCallError';
  }

  /** Whether `value` is a module error with code `CIRCULAR_CALL`. */
  static override isInstance(value: unknown): value is CircularCallError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.CIRCULAR_CALL;
  }
}

/**
 * A module occurs more than `maxModuleRepeat` times in one call chain (direct recursion).
 * `details`: `moduleId`, `count`, `maxRepeat`, `callChain`.
 *
 * @example
 * ```ts
 * throw new CallFrequencyExceededError({ moduleId: 'a', count: 4, maxRepeat: 3, callChain });
 * ```
 */
export class CallFrequencyExceededError extends ModuleError {
  constructor(
    options: {
      moduleId: string;
      count: number;
      maxRepeat: number;
      callChain: readonly string[];
    } & ModuleErrorOptions,
  ) {
    super({
      ...options,
      code: ErrorCodes.CALL_FREQUENCY_EXCEEDED,
      message: `Module ${options.moduleId} called ${options.count} times, max is ${options.maxRepeat}`,
      details: {
        moduleId: options.moduleId,
        count: options.count,
        maxRepeat: options.maxRepeat,
        callChain: [...options.callChain],
      },
    });
    this.name = 'CallFrequencyExceededError';
  }

  /** Whether `value` is a module error with code `CALL_FREQUENCY_EXCEEDED`. */
  static override isInstance(value: unknown): value is CallFrequencyExceededError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.CALL_FREQUENCY_EXCEEDED;
  }
}
