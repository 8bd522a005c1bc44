const MARKER = Symbol.for('@apcore-mcp/openai.InvalidArgumentError');

/**
 * Raised (synchronously, before any work) when a function of this package is called with an
 * argument it cannot use: something that is neither a registry nor an executor, an empty tag or
 * prefix, tool calls that are not an array. A `TypeError`, with a `code` to branch on.
 *
 * @example
 * ```ts
 * try {
 *   toOpenaiTools(registry, { prefix: '' });
 * } catch (error) {
 *   if (InvalidArgumentError.isInstance(error)) console.error(error.details.argument); // prefix
 * }
 * ```
 */
export class InvalidArgumentError extends TypeError {
  readonly code = 'INVALID_ARGUMENT' as const;
  readonly details: { argument: string };

  constructor(message: string, details: { argument: string }) {
    super(message);
    this.name = 'InvalidArgumentError';
    this.details = details;
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is an {@link InvalidArgumentError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * InvalidArgumentError.isInstance(new TypeError('x')); // false
   * ```
   */
  static isInstance(value: unknown): value is InvalidArgumentError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[MARKER] === true
    );
  }
}
