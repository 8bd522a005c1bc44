import { ApcoreMcpError } from '../errors/apcore-mcp-error.js';

const MARKER = Symbol.for('apcore-mcp.error.DefinitionResultError');

/**
 * A resource's `read` or a prompt's `get` returned something the server cannot send: no
 * contents, a blob that is neither bytes nor base64, a message without a role. Its `code` is
 * `INVALID_DEFINITION_RESULT`; the message names the definition and what is wrong, and the
 * server answers it as an internal error (-32603) with that message.
 *
 * @example
 * ```ts
 * throw new DefinitionResultError('Resource test://logo', 'contents item 1: blob is not valid base64');
 * ```
 */
export class DefinitionResultError extends ApcoreMcpError {
  declare readonly code: 'INVALID_DEFINITION_RESULT';
  declare readonly details: { definition: string; reason: string };

  constructor(definition: string, reason: string, cause?: unknown) {
    super({
      code: 'INVALID_DEFINITION_RESULT',
      message: `${definition} returned an invalid result: ${reason}`,
      details: { definition, reason },
      cause,
    });
    this.name = 'DefinitionResultError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is a {@link DefinitionResultError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * DefinitionResultError.isInstance(new Error('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is DefinitionResultError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
