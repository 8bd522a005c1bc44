import { type BinaryData, describeKind, toBase64Data } from '../content/binary-data.js';
import type { ResourceContents } from '../content/content-item.js';
import { isRecord } from '../is-record.js';
import { DefinitionResultError } from './definition-result-error.js';

/**
 * One item of what a resource's `read` may return: its `text`, or its bytes as `blob` (bytes, or
 * their base64 text). `uri` defaults to the URI read, `mimeType` to the definition's.
 *
 * @example
 * ```ts
 * const item: ResourceContentsInput = { blob: await readFile('logo.png'), mimeType: 'image/png' };
 * ```
 */
export type ResourceContentsInput =
  | { uri?: string; mimeType?: string; text: string }
  | { uri?: string; mimeType?: string; blob: BinaryData };

/**
 * What a resource's `read` may return: a string (one text item), bytes (one binary item), one
 * {@link ResourceContentsInput} or several of them.
 *
 * @example
 * ```ts
 * const value: ResourceReadValue = 'plain text'; // or new Uint8Array([...]), or [{ text }, { blob }]
 * ```
 */
export type ResourceReadValue =
  | string
  | Uint8Array
  | ArrayBuffer
  | ArrayBufferView
  | ResourceContentsInput
  | readonly ResourceContentsInput[];

/** What the contents default to: the URI read and the definition's MIME type. */
interface ContentsDefaults {
  /** Names the definition in errors: `Resource test://logo`. */
  label: string;
  uri: string;
  mimeType: string | undefined;
}

const TEXT_MIME_TYPE = 'text/plain';
const BINARY_MIME_TYPE = 'application/octet-stream';

function isBytes(value: unknown): value is ArrayBuffer | ArrayBufferView {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

/**
 * A resource's `read` result as the `contents` of `resources/read`: a string is a text item, bytes
 * a base64 `blob`, objects are checked and completed (`uri`, `mimeType`; text defaults to
 * `text/plain`, binary to `application/octet-stream`).
 *
 * @throws {DefinitionResultError} for anything else: no contents, an item with neither or both
 * of `text` and `blob`, a blob that is neither bytes nor base64.
 * @example
 * ```ts
 * toResourceContents('hi', { label: 'Resource test://a', uri: 'test://a', mimeType: undefined });
 * // [{ uri: 'test://a', mimeType: 'text/plain', text: 'hi' }]
 * ```
 */
export function toResourceContents(value: unknown, defaults: ContentsDefaults): ResourceContents[] {
  if (typeof value === 'string') return [toItem({ text: value }, defaults, 1)];
  if (isBytes(value)) return [toItem({ blob: value }, defaults, 1)];
  const items: unknown[] = Array.isArray(value) ? value : [value];
  if (items.length === 0) {
    throw new DefinitionResultError(defaults.label, 'no contents (return at least one item)');
  }
  return items.map((item, index) => toItem(item, defaults, index + 1));
}

function toItem(item: unknown, defaults: ContentsDefaults, position: number): ResourceContents {
  const where = `contents item ${position}`;
  const fail = (reason: string): never => {
    throw new DefinitionResultError(defaults.label, `${where}: ${reason}`);
  };
  if (!isRecord(item)) {
    return fail(`expected a string, bytes or { text | blob }, got ${describeKind(item)}`);
  }
  const uri = item.uri ?? defaults.uri;
  if (typeof uri !== 'string' || uri === '') return fail('uri must be a non-empty string');
  const mimeType = item.mimeType ?? defaults.mimeType;
  if (mimeType !== undefined && typeof mimeType !== 'string') {
    return fail(`mimeType must be a string, got ${describeKind(mimeType)}`);
  }
  const hasText = item.text !== undefined;
  if (hasText === (item.blob !== undefined)) return fail('give exactly one of text and blob');
  if (hasText) {
    if (typeof item.text !== 'string')
      return fail(`text must be a string, got ${describeKind(item.text)}`);
    return { uri, mimeType: mimeType ?? TEXT_MIME_TYPE, text: item.text };
  }
  let blob: string;
  try {
    blob = toBase64Data('blob', item.blob);
  } catch (error) {
    return fail((error as Error).message);
  }
  return { uri, mimeType: mimeType ?? BINARY_MIME_TYPE, blob };
}
