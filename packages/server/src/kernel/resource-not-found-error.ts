import { ApcoreMcpError } from '@apcore-mcp/core';

const MARKER = Symbol.for('apcore-mcp.error.ResourceNotFoundError');

/**
 * The JSON-RPC error code a 2026-07-28 client sees when it reads a URI the server does not
 * serve: -32602 (invalid params) with `data.uri`, as that revision requires.
 *
 * @example
 * ```ts
 * client.readResource({ uri }).catch((error) => error.code === RESOURCE_NOT_FOUND_CODE);
 * ```
 */
export const RESOURCE_NOT_FOUND_CODE = -32602;

/**
 * The JSON-RPC error code a 2025-11-25 client sees for the same: -32002, that revision's code
 * (with `data.uri` too).
 *
 * @example
 * ```ts
 * client.readResource({ uri }).catch((error) => error.code === LEGACY_RESOURCE_NOT_FOUND_CODE);
 * ```
 */
export const LEGACY_RESOURCE_NOT_FOUND_CODE = -32002;

/**
 * A URI the server does not serve was read: an {@link ApcoreMcpError} with the `code`
 * `RESOURCE_NOT_FOUND`, `details.uri` and the message `Resource not found: <uri>`. The
 * `resources/read` handler answers it as a JSON-RPC error with code
 * {@link RESOURCE_NOT_FOUND_CODE} (-32602; {@link LEGACY_RESOURCE_NOT_FOUND_CODE}, -32002, on a
 * 2025-11-25 connection), that message and `data: { uri }`.
 *
 * @example
 * ```ts
 * throw new ResourceNotFoundError('docs://nope');
 * ```
 */
export class ResourceNotFoundError extends ApcoreMcpError {
  declare readonly code: 'RESOURCE_NOT_FOUND';
  declare readonly details: { uri: string };

  constructor(uri: string) {
    super({ code: 'RESOURCE_NOT_FOUND', message: `Resource not found: ${uri}`, details: { uri } });
    this.name = 'ResourceNotFoundError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is a {@link ResourceNotFoundError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * ResourceNotFoundError.isInstance(new Error('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is ResourceNotFoundError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
