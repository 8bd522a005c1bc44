import type { Logger } from '@apcore-mcp/core/bridge';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { UnreadableFileError } from '../kernel/unreadable-file-error.js';

/**
 * The JSON-RPC error a client gets for a `resources/read` that failed, whatever the source
 * (`docs://`, `ui://`, `skill://`, a defined resource or template): a protocol error stays as
 * it is (definitions already answer theirs without detail); a served file that is missing, no
 * regular file, or outside its folder is `notFound()`; anything else is -32603 "Internal error
 * occurred". The client never sees a path, errno text or stack: those go to `logger` at warn.
 *
 * @example
 * ```ts
 * const answer = await read(uri).catch((error) => {
 *   throw toResourceReadError(error, { uri, logger, notFound: () => notFound(uri) });
 * });
 * ```
 */
export function toResourceReadError(
  error: unknown,
  read: { uri: string; logger: Logger; notFound: () => ProtocolError },
): ProtocolError {
  if (ProtocolError.isInstance(error)) return error;
  const { uri, logger } = read;
  if (UnreadableFileError.isInstance(error)) {
    const { path, reason, realPath } = error.details;
    logger.warn(
      { uri, path, reason, ...(realPath === undefined ? {} : { realPath }), err: error.cause },
      `Could not read resource ${uri}: its file ${DESCRIBED[reason]}; answered as not found`,
    );
    return read.notFound();
  }
  logger.warn({ err: error, uri }, `Could not read resource ${uri}`);
  return new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error occurred');
}

const DESCRIBED: Record<UnreadableFileError['details']['reason'], string> = {
  missing: 'is missing',
  'not-a-file': 'is not a regular file',
  outside: 'lies outside its folder',
};
