import { base64ByteLength } from './binary-data.js';
import type { ContentItem } from './content-item.js';

/**
 * A content item as text, for a reader that takes only text (an OpenAI tool message, a progress
 * message): text as it is, anything else as a placeholder in square brackets that says what it
 * was and how big, never its bytes.
 *
 * - `image` / `audio`: `[image: image/png, 1234 bytes]`
 * - embedded text resource: `[resource: test://notes, text/plain]` then its text on the next line
 * - embedded binary resource: `[resource: test://logo, image/png, 1234 bytes]`
 * - resource link: `[resource link: report.pdf, file:///report.pdf, application/pdf]`
 *
 * The MIME type is left out where the item has none.
 *
 * @example
 * ```ts
 * describeContentItem({ type: 'image', data: 'aGk=', mimeType: 'image/png' }); // '[image: image/png, 2 bytes]'
 * ```
 */
export function describeContentItem(item: ContentItem): string {
  switch (item.type) {
    case 'text':
      return item.text;
    case 'image':
    case 'audio':
      return `[${item.type}: ${item.mimeType}, ${base64ByteLength(item.data)} bytes]`;
    case 'resource': {
      const { resource } = item;
      const head = [resource.uri, resource.mimeType].filter((part) => part !== undefined);
      if ('text' in resource) return `[resource: ${head.join(', ')}]\n${resource.text}`;
      return `[resource: ${[...head, `${base64ByteLength(resource.blob)} bytes`].join(', ')}]`;
    }
    case 'resource_link': {
      const parts = [item.name, item.uri, item.mimeType].filter((part) => part !== undefined);
      return `[resource link: ${parts.join(', ')}]`;
    }
  }
}

/**
 * Content items as one text: each described by {@link describeContentItem}, one per line.
 *
 * @example
 * ```ts
 * describeContent([{ type: 'text', text: 'Chart:' }, { type: 'image', data: 'aGk=', mimeType: 'image/png' }]);
 * // 'Chart:\n[image: image/png, 2 bytes]'
 * ```
 */
export function describeContent(items: readonly ContentItem[]): string {
  return items.map(describeContentItem).join('\n');
}
