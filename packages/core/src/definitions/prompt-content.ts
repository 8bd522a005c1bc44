import { describeKind } from '../content/binary-data.js';
import {
  CONTENT_RESULT_KEY,
  type ContentItem,
  type ContentResult,
} from '../content/content-item.js';
import { readContentItems } from '../content/read-content-result.js';
import { InvalidResultError } from '../errors/invalid-result-error.js';
import { isRecord } from '../is-record.js';

/**
 * What a prompt message's `content` may be: a string (one text item), an MCP content item
 * (`{ type: 'text', text }`, `{ type: 'image', data, mimeType }`, `{ type: 'audio', ... }`,
 * `{ type: 'resource', resource }`, `{ type: 'resource_link', uri, name }`), or what the result
 * helpers modules use return — the same content either way.
 *
 * @example
 * ```ts
 * const content: PromptContentInput = { type: 'image', data: pngBase64, mimeType: 'image/png' };
 * ```
 */
export type PromptContentInput = string | ContentItem | ContentResult;

/**
 * A prompt message's `content` as the content items it stands for (a result holding several
 * items stands for several messages of the same role). The one mapping from what a prompt's
 * `get` writes to MCP content: strings, plain MCP content items and the results modules return
 * all go through it.
 *
 * @throws {InvalidResultError} saying what is wrong: not content at all, or an item that is not valid
 * (an image whose `data` is not base64, a resource without `text` or `blob`).
 * @example
 * ```ts
 * toPromptContent('Hello'); // [{ type: 'text', text: 'Hello' }]
 * toPromptContent({ type: 'text', text: 'Hello' }); // the same
 * ```
 */
export function toPromptContent(content: unknown): ContentItem[] {
  // A bare item is read as a result holding that one item, so both are checked alike.
  const value =
    isRecord(content) && typeof content.type === 'string'
      ? { [CONTENT_RESULT_KEY]: [content] }
      : content;
  const items = Array.isArray(value) ? undefined : readContentItems(value);
  if (items === undefined) {
    throw new InvalidResultError(
      `content must be a string or an MCP content item ({ type: 'text', text }, ...), got ${describeKind(content)}`,
    );
  }
  return items;
}
