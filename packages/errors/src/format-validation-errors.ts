import { isRecord, readProperty } from '@apcore-mcp/core/bridge';

/** The header of every validation error text (FR-ERROR-002). */
const VALIDATION_HEADER = 'Input validation failed';

/** Turns a JSON pointer (`/a/b~1c`) into the dotted field name (`a.b/c`) the seeds print. */
function pointerToField(pointer: string): string {
  const trimmed = pointer.startsWith('/') ? pointer.slice(1) : pointer;
  if (trimmed === '') {
    return '(root)';
  }
  return trimmed
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Keeps each entry on its own line: a newline inside a message must not forge a new bullet. */
function toSingleLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

function readString(entry: unknown, key: string): string | undefined {
  const value = readProperty(entry, key);
  return typeof value === 'string' ? value : undefined;
}

/** One bullet for one entry, or `undefined` for entries that carry nothing printable. */
function formatEntry(entry: unknown): string | undefined {
  try {
    return formatRecordEntry(entry);
  } catch {
    // A revoked proxy as an entry: skip it, keep the others.
    return undefined;
  }
}

function formatRecordEntry(entry: unknown): string | undefined {
  if (!isRecord(entry)) {
    return undefined;
  }
  const message = readString(entry, 'message');
  if (message === undefined) {
    return undefined;
  }
  const path = readString(entry, 'path');
  const field =
    readString(entry, 'field') ?? (path === undefined ? '(root)' : pointerToField(path));
  const code = readString(entry, 'code') ?? readString(entry, 'constraint');
  const suffix = code === undefined || code === '' ? '' : ` (${toSingleLine(code)})`;
  return `- ${toSingleLine(field)}: ${toSingleLine(message)}${suffix}`;
}

/** Reads an array's entries without trusting its getters or its length. */
function readEntries(errors: readonly unknown[]): unknown[] {
  const entries: unknown[] = [];
  try {
    for (const entry of errors) {
      entries.push(entry);
    }
  } catch {
    // A hostile iterator: keep what was read.
  }
  return entries;
}

/**
 * Formats schema validation failures as the seeds' text: a header, then one
 * `- {field}: {message} ({code})` line per failing field. Accepts both detail shapes in the wild:
 * `{ field, code, message }` and apcore-js's `{ path: '/a/b', message, constraint }` (the path
 * becomes `a.b`, the constraint the code). Entries without a message are skipped; anything
 * other than an array gives the bare header.
 *
 * @example
 * ```ts
 * formatValidationErrors([{ field: 'width', code: 'int_type', message: 'Input should be a valid integer' }]);
 * // 'Input validation failed:\n- width: Input should be a valid integer (int_type)'
 * ```
 */
export function formatValidationErrors(errors: unknown): string {
  try {
    if (!Array.isArray(errors)) {
      return VALIDATION_HEADER;
    }
    const lines = readEntries(errors)
      .map(formatEntry)
      .filter((line): line is string => line !== undefined);
    return lines.length === 0 ? VALIDATION_HEADER : `${VALIDATION_HEADER}:\n${lines.join('\n')}`;
  } catch {
    // `Array.isArray` throws on a revoked proxy; a header is still an honest answer.
    return VALIDATION_HEADER;
  }
}
