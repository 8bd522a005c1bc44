/**
 * The Messages API's wire shapes this package reads and writes: its own plain types, so that
 * nothing of the Anthropic SDK is loaded at run time. A test assigns them to the SDK's types.
 */
import type { JsonSchema } from '@apcore-mcp/core';

/**
 * A prompt-caching breakpoint: put on the last tool, it caches every tool definition.
 *
 * @example
 * ```ts
 * const cacheControl: AnthropicCacheControl = { type: 'ephemeral', ttl: '1h' };
 * ```
 */
export interface AnthropicCacheControl {
  type: 'ephemeral';
  /** How long the cache entry lives: `5m` (the API's default) or `1h`. */
  ttl?: '5m' | '1h';
}

/**
 * A tool's `input_schema`: a JSON Schema whose root is `type: "object"`.
 *
 * @example
 * ```ts
 * const schema: AnthropicInputSchema = { type: 'object', properties: { sku: { type: 'string' } } };
 * ```
 */
export interface AnthropicInputSchema extends JsonSchema {
  type: 'object';
}

/**
 * One client tool, as `messages.create({ tools })` takes it.
 *
 * @example
 * ```ts
 * const tool: AnthropicTool = {
 *   name: 'catalog-get_product',
 *   description: 'Look up a product by SKU',
 *   input_schema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
 * };
 * ```
 */
export interface AnthropicTool {
  /** The module's safe tool name (`catalog.get_product` -> `catalog-get_product`). */
  name: string;
  description: string;
  /** The module's input schema, `$ref`s inlined (rewritten for strict tool use with `strict`). */
  input_schema: AnthropicInputSchema;
  /** Present, and `true`, only for strict tool use. */
  strict?: true;
  /** The inputs of the module's examples, with `inputExamples`. */
  input_examples?: Record<string, unknown>[];
  /** On the last tool only, with `cacheControl`. */
  cache_control?: AnthropicCacheControl;
}

/**
 * A `tool_use` content block of an assistant message: the model asking to run a tool.
 *
 * @example
 * ```ts
 * const block: AnthropicToolUseBlock = {
 *   type: 'tool_use', id: 'toolu_01', name: 'catalog-get_product', input: { sku: 'MUG-001' },
 * };
 * ```
 */
export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/**
 * Any content block of an assistant message (`text`, `thinking`, `server_tool_use`, ...); only
 * `tool_use` blocks are dispatched, the others are left alone.
 */
export interface AnthropicContentBlock {
  readonly type: string;
}

/**
 * What {@link dispatchAnthropicToolUse} reads: a Messages API response, or its `content`.
 *
 * @example
 * ```ts
 * const message: AnthropicMessageLike = { content: [{ type: 'text', text: 'Let me look.' }] };
 * ```
 */
export interface AnthropicMessageLike {
  content: readonly AnthropicContentBlock[];
}

/**
 * A text block inside a `tool_result`.
 *
 * @example
 * ```ts
 * const block: AnthropicTextBlock = { type: 'text', text: '{"found":true}' };
 * ```
 */
export interface AnthropicTextBlock {
  type: 'text';
  text: string;
}

/**
 * An image block inside a `tool_result`: base64 data of a type the API takes.
 *
 * @example
 * ```ts
 * const block: AnthropicImageBlock = {
 *   type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' },
 * };
 * ```
 */
export interface AnthropicImageBlock {
  type: 'image';
  source: {
    type: 'base64';
    media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
    data: string;
  };
}

/**
 * The answer to one `tool_use` block: its output as text and image blocks, or (`is_error`) the
 * failure's sanitized text and guidance.
 *
 * @example
 * ```ts
 * const block: AnthropicToolResultBlock = {
 *   type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'text', text: 'Access denied' }],
 *   is_error: true,
 * };
 * ```
 */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  /** Left out when the module answered nothing the API can show (it refuses empty text blocks). */
  content?: (AnthropicTextBlock | AnthropicImageBlock)[];
  /** Present, and `true`, for a failure. */
  is_error?: true;
}

/**
 * The user message that carries the tool results back to the model.
 *
 * @example
 * ```ts
 * const message: AnthropicToolResultMessage = { role: 'user', content: blocks };
 * ```
 */
export interface AnthropicToolResultMessage {
  role: 'user';
  content: AnthropicToolResultBlock[];
}
