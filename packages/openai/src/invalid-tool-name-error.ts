const MARKER = Symbol.for('@apcore-mcp/openai.InvalidToolNameError');

/** The machine-readable facts of an {@link InvalidToolNameError}. */
export interface InvalidToolNameErrorDetails {
  /** The module id that could not be turned into a function name. */
  moduleId: string;
  /** Why: `reserved-hyphen`, `empty`, `invalid-characters` or `too-long`. */
  reason: 'reserved-hyphen' | 'empty' | 'invalid-characters' | 'too-long';
}

/**
 * Raised by `normalize` when a module id has no valid, reversible OpenAI function name: it holds
 * a hyphen (reserved for the dot replacement), characters outside `[a-zA-Z0-9_.]`, or would be
 * longer than 64 characters. The id is reported, never mangled into some other name.
 *
 * @example
 * ```ts
 * try {
 *   normalize('my-module.resize');
 * } catch (error) {
 *   if (InvalidToolNameError.isInstance(error)) console.warn(error.details.reason); // reserved-hyphen
 * }
 * ```
 */
export class InvalidToolNameError extends Error {
  readonly code = 'INVALID_TOOL_NAME' as const;
  readonly details: InvalidToolNameErrorDetails;

  constructor(message: string, details: InvalidToolNameErrorDetails) {
    super(message);
    this.name = 'InvalidToolNameError';
    this.details = details;
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is an {@link InvalidToolNameError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * InvalidToolNameError.isInstance(new Error('x')); // false
   * ```
   */
  static isInstance(value: unknown): value is InvalidToolNameError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[MARKER] === true
    );
  }
}
