import { readErrorCode, type ToolCallResult } from '../../kernel/tool-call-result.js';
import type { LedgerError } from './ledger-record.js';

/** The outcome of a failure that carries no error code. */
export const UNKNOWN_ERROR = 'ERROR';

const MAX_MESSAGE_LENGTH = 200;
// A POSIX or Windows path of at least two segments, or a file: URL, standing on its own.
const PATH = /(?<![\w/])(?:file:\/\/\S*|[A-Za-z]:\\[^\s'"]*|~?\/[\w.@-]+(?:\/[\w.@-]*)+)/g;

/**
 * The error of a failed call as the ledger keeps it: its code and the first line of the text
 * the client got. The server's error texts never carry stacks, caller ids or paths; a module's
 * own message might, so the ledger drops paths and every line after the first (where a stack
 * would start) and cuts what is left, whatever the module wrote.
 *
 * @example
 * ```ts
 * toLedgerError(result); // { code: 'NOT_FOUND', message: 'No order <path>' }
 * ```
 */
export function toLedgerError(result: ToolCallResult): LedgerError {
  const text = result.content.find((block) => block.type === 'text');
  const raw =
    text !== undefined && 'text' in text && typeof text.text === 'string' ? text.text : '';
  const [firstLine = ''] = raw.split(/\r?\n/, 1);
  const cleaned = firstLine.replace(PATH, '<path>').trim();
  const message =
    cleaned.length > MAX_MESSAGE_LENGTH ? `${cleaned.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : cleaned;
  return { code: readErrorCode(result) ?? UNKNOWN_ERROR, message };
}
