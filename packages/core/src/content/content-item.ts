/**
 * The content items of an MCP tool result, spelled as the MCP SDK spells them (`TextContent`,
 * `ImageContent`, ...) and shaped alike in both protocol revisions the server speaks. Declared
 * here, with no SDK, so a module can build them and every bridge can read them.
 */

/**
 * A text item.
 *
 * @example
 * ```ts
 * const item: TextContent = { type: 'text', text: 'Done.' };
 * ```
 */
export type TextContent = { type: 'text'; text: string };

/**
 * An image, its bytes in base64.
 *
 * @example
 * ```ts
 * const item: ImageContent = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
 * ```
 */
export type ImageContent = { type: 'image'; data: string; mimeType: string };

/**
 * A sound, its bytes in base64.
 *
 * @example
 * ```ts
 * const item: AudioContent = { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' };
 * ```
 */
export type AudioContent = { type: 'audio'; data: string; mimeType: string };

/**
 * The contents of a resource given whole in a result: its `text`, or its bytes in base64 as
 * `blob`.
 *
 * @example
 * ```ts
 * const contents: ResourceContents = { uri: 'test://a', mimeType: 'text/plain', text: 'hi' };
 * ```
 */
export type ResourceContents =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: string };

/**
 * A resource embedded in a result.
 *
 * @example
 * ```ts
 * const item: EmbeddedResource = { type: 'resource', resource: { uri: 'test://a', text: 'hi' } };
 * ```
 */
export type EmbeddedResource = { type: 'resource'; resource: ResourceContents };

/**
 * A link to a resource the client may read (or fetch) itself.
 *
 * @example
 * ```ts
 * const item: ResourceLink = { type: 'resource_link', uri: 'file:///r.pdf', name: 'r.pdf' };
 * ```
 */
export type ResourceLink = {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
};

/**
 * One content item of a tool result.
 *
 * @example
 * ```ts
 * const items: ContentItem[] = [{ type: 'text', text: 'A red dot:' }, { type: 'image', data, mimeType: 'image/png' }];
 * ```
 */
export type ContentItem =
  | TextContent
  | ImageContent
  | AudioContent
  | EmbeddedResource
  | ResourceLink;

/**
 * The key of a content result: the one reserved key of a module output.
 *
 * Content travels through an executor as a plain record under this key, not as a record
 * branded with a `Symbol.for` marker. The contract's `ExecutorLike.call` resolves to a record,
 * and executors of other apcore runtimes may copy what a module returns (middleware spreading
 * it, a JSON round trip, `structuredClone`, a ledger writing it down): a symbol is lost by the
 * last three, a string key holding plain JSON survives them all. The slash keeps it apart from
 * the identifiers a module's own JSON uses, as `apcore/errorCode` is in a result's `_meta`.
 *
 * @example
 * ```ts
 * text('hi')[CONTENT_RESULT_KEY]; // [{ type: 'text', text: 'hi' }]
 * ```
 */
export const CONTENT_RESULT_KEY = 'apcore/content';

/**
 * What the result helpers return, and what a module that returns them answers with: a record
 * holding the content items under {@link CONTENT_RESULT_KEY}. Other keys beside it are ignored.
 *
 * @example
 * ```ts
 * const result: ContentResult = text('Done.');
 * ```
 */
export type ContentResult = { readonly [CONTENT_RESULT_KEY]: readonly ContentItem[] };
