import { ApcoreMcpError } from '@apcore-mcp/core';

const MARKER = Symbol.for('apcore-mcp.error.InvalidArgumentError');

/**
 * Raised (synchronously, before any work) when an export or dispatch function is called with an
 * argument it cannot use: something that is neither a registry nor an executor, an empty tag or
 * prefix, tool calls that are not an array. An {@link ApcoreMcpError} with the `code`
 * `INVALID_ARGUMENT` and the argument's name in `details.argument`.
 *
 * @example
 * ```ts
 * try {
 *   exportTools(registry, { prefix: '' }, builder);
 * } catch (error) {
 *   if (InvalidArgumentError.isInstance(error)) console.error(error.details.argument); // prefix
 * }
 * ```
 */
export class InvalidArgumentError extends ApcoreMcpError {
  declare readonly code: 'INVALID_ARGUMENT';
  declare readonly details: { argument: string };

  constructor(message: string, details: { argument: string }) {
    super({ code: 'INVALID_ARGUMENT', message, details });
    this.name = 'InvalidArgumentError';
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
  static override isInstance(value: unknown): value is InvalidArgumentError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
