import { ApcoreMcpError } from '@apcore-mcp/core';

const MARKER = Symbol.for('apcore-mcp.error.UnreadableFileError');

/**
 * Why a served file was not read: it is not there (`missing`), it is no regular file
 * (`not-a-file`), or it lies outside the folder it is served from (`outside`: a folder on its
 * path was swapped for a symlink, say).
 *
 * @example
 * ```ts
 * const reason: UnreadableFileReason = 'outside';
 * ```
 */
export type UnreadableFileReason = 'missing' | 'not-a-file' | 'outside';

/**
 * A file the server serves (a skill file, a module's UI) is not there to read inside its
 * folder: code `FILE_UNREADABLE`, `details.path` and `details.reason` (the message names
 * neither). Meant for the server's log; a client is answered "resource not found".
 *
 * @example
 * ```ts
 * throw new UnreadableFileError({ path: '/srv/skills/notes/refs/NOTE.md', reason: 'outside' });
 * ```
 */
export class UnreadableFileError extends ApcoreMcpError {
  declare readonly code: 'FILE_UNREADABLE';
  declare readonly details: { path: string; reason: UnreadableFileReason; realPath?: string };

  /** `realPath`: where the path led, when that was outside. */
  constructor(init: {
    path: string;
    reason: UnreadableFileReason;
    realPath?: string;
    cause?: unknown;
  }) {
    const { path, reason, realPath, cause } = init;
    super({
      code: 'FILE_UNREADABLE',
      message: `A served file was not read: ${reason}`,
      details: { path, reason, ...(realPath === undefined ? {} : { realPath }) },
      cause,
    });
    this.name = 'UnreadableFileError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is an {@link UnreadableFileError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * UnreadableFileError.isInstance(new Error('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is UnreadableFileError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
