import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/** Why a module id has no tool name. */
export type InvalidToolNameReason = 'empty' | 'reserved-hyphen' | 'invalid-characters';

/** The machine-readable facts of an {@link InvalidToolNameError}. */
export interface InvalidToolNameErrorDetails {
  /** The module id that has no tool name. */
  moduleId: string;
  reason: InvalidToolNameReason;
}

/**
 * A module id has no safe tool name: it is empty, holds a hyphen (reserved for the dot
 * replacement, so names stay reversible) or characters outside `[a-zA-Z0-9_.]`. The id is
 * reported, never mangled into some other name.
 *
 * @example
 * ```ts
 * try {
 *   toToolName('my-module.resize');
 * } catch (error) {
 *   if (InvalidToolNameError.isInstance(error)) console.warn(error.details.reason); // reserved-hyphen
 * }
 * ```
 */
export class InvalidToolNameError extends ModuleError {
  declare readonly details: InvalidToolNameErrorDetails & Record<string, unknown>;

  constructor(options: { message: string } & InvalidToolNameErrorDetails & ModuleErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.INVALID_TOOL_NAME,
      details: { moduleId: options.moduleId, reason: options.reason },
    });
    this.name = 'InvalidToolNameError';
  }

  /** Whether `value` is a module error with code `INVALID_TOOL_NAME` (any copy of this package). */
  static override isInstance(value: unknown): value is InvalidToolNameError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.INVALID_TOOL_NAME;
  }
}

/** The machine-readable facts of a {@link ToolNameCollisionError}. */
export interface ToolNameCollisionErrorDetails {
  /** The name both modules would get. */
  toolName: string;
  /** The module that holds the name, then the one that asked for it. */
  moduleIds: [string, string];
}

/**
 * Two modules would be served under the same tool name. Names are a function of the module id
 * alone, so this takes ids outside the apcore grammar or a shortened name's hash colliding; the
 * message names both modules so one of them can be renamed or filtered out.
 *
 * @example
 * ```ts
 * throw new ToolNameCollisionError({ toolName: 'a-b', moduleIds: ['a.b', 'a_b'] });
 * ```
 */
export class ToolNameCollisionError extends ModuleError {
  declare readonly details: ToolNameCollisionErrorDetails & Record<string, unknown>;

  constructor(options: ToolNameCollisionErrorDetails & ModuleErrorOptions) {
    const [holder, newcomer] = options.moduleIds;
    super({
      ...options,
      code: ErrorCodes.TOOL_NAME_COLLISION,
      message: `Modules "${holder}" and "${newcomer}" would both be served as the tool "${options.toolName}"; rename one of them or leave one out with tags or prefix`,
      details: { toolName: options.toolName, moduleIds: [holder, newcomer] },
    });
    this.name = 'ToolNameCollisionError';
  }

  /** Whether `value` is a module error with code `TOOL_NAME_COLLISION` (any copy of this package). */
  static override isInstance(value: unknown): value is ToolNameCollisionError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.TOOL_NAME_COLLISION;
  }
}
