import { InvalidResultError } from '../errors/invalid-result-error.js';
import { describeKind, isBase64 } from './binary-data.js';
import {
  CONTENT_RESULT_KEY,
  type ContentItem,
  type ContentResult,
  type ResourceContents,
  type ResourceLink,
} from './content-item.js';

function isRecordValue(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether `value` is a content result: a record with an array under {@link CONTENT_RESULT_KEY}
 * (its items are checked when read, by {@link readContentItems}).
 *
 * @example
 * ```ts
 * isContentResult(text('hi')); // true
 * isContentResult({ text: 'hi' }); // false: plain JSON output
 * ```
 */
export function isContentResult(value: unknown): value is ContentResult {
  return isRecordValue(value) && Array.isArray(value[CONTENT_RESULT_KEY]);
}

/**
 * What a module returned (or streamed as one chunk), as a content result when it is content: a
 * plain string is one text item, a content result is itself, and an array of content results and
 * strings is their items in order. `undefined` for anything else: JSON output.
 *
 * @example
 * ```ts
 * toContentResult(['Chart:', image(png, 'image/png')]); // { 'apcore/content': [text, image] }
 * toContentResult({ total: 3 }); // undefined
 * ```
 */
export function toContentResult(value: unknown): ContentResult | undefined {
  if (typeof value === 'string') return { [CONTENT_RESULT_KEY]: [{ type: 'text', text: value }] };
  if (isContentResult(value)) return value;
  if (!Array.isArray(value)) return undefined;
  const parts: unknown[] = value;
  if (!parts.every((part) => typeof part === 'string' || isContentResult(part))) return undefined;
  const items = parts.flatMap((part) =>
    typeof part === 'string'
      ? [{ type: 'text' as const, text: part }]
      : (part as ContentResult)[CONTENT_RESULT_KEY],
  );
  return { [CONTENT_RESULT_KEY]: items };
}

/**
 * The content items of a module's output, checked one by one; `undefined` when the output is
 * not content (see {@link toContentResult}). Items come back as new objects holding only their
 * known fields, so whatever an executor added on the way never reaches a client.
 *
 * @throws {InvalidResultError} saying which item is wrong and how, when an item is not a valid content
 * item (an executor that changed it on the way, a hand-made record).
 * @example
 * ```ts
 * readContentItems(text('hi')); // [{ type: 'text', text: 'hi' }]
 * ```
 */
export function readContentItems(value: unknown): ContentItem[] | undefined {
  const result = toContentResult(value);
  if (result === undefined) return undefined;
  return result[CONTENT_RESULT_KEY].map((item, index) => readItem(item, index + 1));
}

type Fields = Record<string, unknown>;

function readItem(item: unknown, position: number): ContentItem {
  const where = `content item ${position}`;
  if (!isRecordValue(item))
    throw new InvalidResultError(`${where} is ${describeKind(item)}, not an item`);
  const label = `${where} (${String(item.type)})`;
  switch (item.type) {
    case 'text':
      return { type: 'text', text: readString(label, item, 'text') };
    case 'image':
    case 'audio':
      return {
        type: item.type,
        data: readBase64(label, item, 'data'),
        mimeType: readString(label, item, 'mimeType'),
      };
    case 'resource':
      return { type: 'resource', resource: readResourceContents(label, item.resource) };
    case 'resource_link':
      return readResourceLink(label, item);
    default:
      throw new InvalidResultError(`${where} has an unknown type: ${String(item.type)}`);
  }
}

function readResourceContents(label: string, value: unknown): ResourceContents {
  if (!isRecordValue(value)) throw new InvalidResultError(`${label}: resource must be an object`);
  const uri = readString(label, value, 'uri');
  const mimeType = readOptionalString(label, value, 'mimeType');
  const head = mimeType === undefined ? { uri } : { uri, mimeType };
  if (typeof value.text === 'string') return { ...head, text: value.text };
  if (value.blob !== undefined) return { ...head, blob: readBase64(label, value, 'blob') };
  throw new InvalidResultError(`${label}: resource needs a text or a blob`);
}

function readResourceLink(label: string, item: Fields): ResourceLink {
  const link: ResourceLink = {
    type: 'resource_link',
    uri: readString(label, item, 'uri'),
    name: readString(label, item, 'name'),
  };
  for (const name of ['title', 'description', 'mimeType'] as const) {
    const value = readOptionalString(label, item, name);
    if (value !== undefined) link[name] = value;
  }
  if (typeof item.size === 'number' && Number.isFinite(item.size)) link.size = item.size;
  return link;
}

function readString(label: string, item: Fields, name: string): string {
  const value = item[name];
  if (typeof value === 'string') return value;
  throw new InvalidResultError(`${label}: ${name} must be a string, got ${describeKind(value)}`);
}

function readOptionalString(label: string, item: Fields, name: string): string | undefined {
  return item[name] === undefined ? undefined : readString(label, item, name);
}

function readBase64(label: string, item: Fields, name: string): string {
  const value = readString(label, item, name);
  if (!isBase64(value)) throw new InvalidResultError(`${label}: ${name} is not valid base64`);
  return value;
}
