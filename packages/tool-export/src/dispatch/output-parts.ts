import { describeContentItem, readContentItems, serializeOutput } from '@apcore-mcp/core/bridge';

/**
 * One piece of what a module returned, before any provider's block shape: text, an image (each
 * provider has its own image block; a text-only one shows {@link describeOutputPart}'s
 * placeholder), or the JSON of a plain output (`value` parsed, `text` as serialized).
 *
 * @example
 * ```ts
 * const parts: OutputPart[] = [{ type: 'json', value: { ok: true }, text: '{"ok":true}' }];
 * ```
 */
export type OutputPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mimeType: string; data: string }
  | { type: 'json'; value: unknown; text: string };

/**
 * A module's output as parts: content (core's `text()`, `image()`, ...) item by item (audio and
 * resources as their text placeholders, which no provider takes as blocks), any other output as
 * one JSON part.
 *
 * @throws {InvalidResultError} for content that is not well formed.
 * @example
 * ```ts
 * toOutputParts({ width: 100 }); // [{ type: 'json', value: { width: 100 }, text: '{"width":100}' }]
 * ```
 */
export function toOutputParts(output: unknown): OutputPart[] {
  const items = readContentItems(output);
  if (items === undefined) {
    const text = serializeOutput(output);
    return [{ type: 'json', value: JSON.parse(text) as unknown, text }];
  }
  return items.map((item): OutputPart => {
    if (item.type === 'text') return { type: 'text', text: item.text };
    if (item.type === 'image') return { type: 'image', mimeType: item.mimeType, data: item.data };
    return { type: 'text', text: describeContentItem(item) };
  });
}

/**
 * The text of one part, for a provider whose tool results hold only text: an image becomes
 * `[image: image/png, 1234 bytes]`.
 *
 * @example
 * ```ts
 * describeOutputPart({ type: 'text', text: 'done' }); // 'done'
 * ```
 */
export function describeOutputPart(part: OutputPart): string {
  if (part.type === 'image') {
    return describeContentItem({ type: 'image', mimeType: part.mimeType, data: part.data });
  }
  return part.text;
}
