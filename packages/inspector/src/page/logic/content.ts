import { formatJson, isPlainObject } from './json-schema.js';

/**
 * How the page shows one piece of content: a tool result's content item, or one entry of a
 * resource read.
 *
 * @example
 * ```ts
 * const view: ContentView = { kind: 'json', text: '{\n  "found": true\n}' };
 * ```
 */
export type ContentView =
  | { kind: 'text'; text: string }
  | { kind: 'json'; text: string }
  | { kind: 'markdown'; text: string }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'audio'; src: string; mimeType: string }
  | { kind: 'link'; uri: string; name: string; description?: string; mimeType?: string }
  | { kind: 'resource'; uri: string; body: ContentView }
  | { kind: 'binary'; mimeType: string; bytes: number }
  | { kind: 'unknown'; text: string };

/**
 * The text pretty-printed when it is a JSON object or array; `undefined` for anything else
 * (plain words, a bare number or string, broken JSON), which stays as it is.
 *
 * @example
 * ```ts
 * prettyJsonText('{"a":1}'); // '{\n  "a": 1\n}'
 * prettyJsonText('42'); // undefined
 * ```
 */
export function prettyJsonText(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    return formatJson(JSON.parse(trimmed));
  } catch {
    return undefined;
  }
}

/**
 * The view of a tool result's content item (`text`, `image`, `audio`, `resource_link`,
 * `resource`).
 *
 * @example
 * ```ts
 * viewContentItem({ type: 'text', text: '{"found":true}' }); // { kind: 'json', ... }
 * viewContentItem({ type: 'image', data: 'iVBO...', mimeType: 'image/png' }); // { kind: 'image', src: 'data:image/png;base64,iVBO...', ... }
 * ```
 */
export function viewContentItem(item: unknown): ContentView {
  if (!isPlainObject(item)) return { kind: 'unknown', text: formatJson(item) };
  const mimeType = typeof item.mimeType === 'string' ? item.mimeType : '';
  switch (item.type) {
    case 'text':
      return viewText(String(item.text ?? ''), mimeType);
    case 'image':
      return {
        kind: 'image',
        src: `data:${mimeType};base64,${String(item.data ?? '')}`,
        alt: `Image returned by the tool (${mimeType || 'unknown type'})`,
      };
    case 'audio':
      return { kind: 'audio', src: `data:${mimeType};base64,${String(item.data ?? '')}`, mimeType };
    case 'resource_link':
      return viewLink(item);
    case 'resource': {
      const resource = isPlainObject(item.resource) ? item.resource : {};
      return {
        kind: 'resource',
        uri: String(resource.uri ?? ''),
        body: viewResourceContents(resource),
      };
    }
    default:
      return { kind: 'unknown', text: formatJson(item) };
  }
}

/**
 * The view of one entry of `resources/read` (text or base64 `blob`, with its MIME type):
 * markdown rendered, JSON pretty-printed, images shown, other bytes only counted.
 *
 * @example
 * ```ts
 * viewResourceContents({ uri: 'docs://a', mimeType: 'text/markdown', text: '# A' }); // { kind: 'markdown', text: '# A' }
 * ```
 */
export function viewResourceContents(contents: Record<string, unknown>): ContentView {
  const mimeType = typeof contents.mimeType === 'string' ? contents.mimeType : '';
  if (typeof contents.text === 'string') return viewText(contents.text, mimeType);
  const blob = typeof contents.blob === 'string' ? contents.blob : '';
  const src = `data:${mimeType};base64,${blob}`;
  if (mimeType.startsWith('image/')) {
    return { kind: 'image', src, alt: `${String(contents.uri ?? 'resource')} (${mimeType})` };
  }
  if (mimeType.startsWith('audio/')) return { kind: 'audio', src, mimeType };
  return { kind: 'binary', mimeType: mimeType || 'unknown type', bytes: base64Length(blob) };
}

function viewText(text: string, mimeType: string): ContentView {
  const base = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (base === 'text/markdown') return { kind: 'markdown', text };
  const pretty = prettyJsonText(text);
  return pretty === undefined ? { kind: 'text', text } : { kind: 'json', text: pretty };
}

function viewLink(item: Record<string, unknown>): ContentView {
  const view: ContentView = {
    kind: 'link',
    uri: String(item.uri ?? ''),
    name: String(item.title ?? item.name ?? item.uri ?? ''),
  };
  if (typeof item.description === 'string') view.description = item.description;
  if (typeof item.mimeType === 'string') view.mimeType = item.mimeType;
  return view;
}

function base64Length(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}
