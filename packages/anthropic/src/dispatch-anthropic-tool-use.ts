import type { ContextFactory, ExecutorLike, Logger } from '@apcore-mcp/core/bridge';
import type { ErrorMapper } from '@apcore-mcp/errors';
import {
  assertExecutor,
  type DispatchInput,
  type DispatchOutcome,
  describeDispatchFailure,
  describeOutputPart,
  dispatchCalls,
  InvalidArgumentError,
  type OutputPart,
} from '@apcore-mcp/tool-export';
import { IMAGE_MEDIA_TYPES } from './anthropic-rules.js';
import type { AnthropicToolGroups } from './to-anthropic-tools.js';
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicMessageLike,
  AnthropicTextBlock,
  AnthropicTool,
  AnthropicToolResultBlock,
  AnthropicToolResultMessage,
  AnthropicToolUseBlock,
} from './types.js';

/** Options of {@link dispatchAnthropicToolUse}. */
export interface DispatchAnthropicToolUseOptions {
  /** Receives unexpected failures (with their stack) and mapping details. */
  logger?: Logger;
  /** Builds the context passed to `executor.call()`; without one, no context is passed. */
  contextFactory?: ContextFactory;
  /**
   * The tools offered to the model. When given, only `tool_use` blocks naming one of them run;
   * any other name is answered `Unknown tool: <name>` without touching the executor. Without
   * it, any module of the executor's registry can be called (the executor's ACL still applies).
   */
  tools?: readonly AnthropicTool[];
  /** Run the calls one after another instead of concurrently. Default `false`. */
  sequential?: boolean;
  /** Maps failures to text; defaults to `new ErrorMapper({ logger })`. */
  errorMapper?: ErrorMapper;
  /**
   * The grouped tools of the export (`toAnthropicToolsDetailed(...).groups`): a call of one
   * runs the module its `action` names, with the other arguments.
   */
  groups?: AnthropicToolGroups;
  /**
   * Replace every secret of an output by `***REDACTED***` before the model reads it: what the
   * module's output schema marks `x-sensitive: true`, and keys starting with `_secret_`.
   * Default `true`, as on the MCP side.
   */
  redactOutput?: boolean;
}

function readBlocks(messageOrBlocks: unknown): readonly unknown[] {
  if (Array.isArray(messageOrBlocks)) return messageOrBlocks;
  const content =
    typeof messageOrBlocks === 'object' && messageOrBlocks !== null
      ? (messageOrBlocks as { content?: unknown }).content
      : undefined;
  if (Array.isArray(content)) return content;
  throw new InvalidArgumentError(
    'Expected a Messages API response ({ content: [...] }) or its content blocks',
    { argument: 'messageOrContentBlocks' },
  );
}

function isToolUse(block: unknown): block is Record<string, unknown> {
  return (
    typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'tool_use'
  );
}

function toInput(block: Record<string, unknown>): DispatchInput {
  const id = typeof block.id === 'string' ? block.id : '';
  return { id, name: block.name, arguments: block.input };
}

function toContentBlock(part: OutputPart): AnthropicTextBlock | AnthropicImageBlock | undefined {
  if (part.type === 'image' && IMAGE_MEDIA_TYPES.has(part.mimeType)) {
    const mediaType = part.mimeType as AnthropicImageBlock['source']['media_type'];
    return { type: 'image', source: { type: 'base64', media_type: mediaType, data: part.data } };
  }
  // Other images (SVG, ...) are described in text; the API refuses empty text blocks.
  const text = describeOutputPart(part);
  return text === '' ? undefined : { type: 'text', text };
}

function toResultBlock(outcome: DispatchOutcome): AnthropicToolResultBlock {
  const block: AnthropicToolResultBlock = { type: 'tool_result', tool_use_id: outcome.id };
  if (!outcome.ok) {
    block.content = [{ type: 'text', text: describeDispatchFailure(outcome) }];
    block.is_error = true;
    return block;
  }
  const content = outcome.parts.flatMap((part) => toContentBlock(part) ?? []);
  if (content.length > 0) block.content = content;
  return block;
}

/**
 * The way back from Claude to apcore: runs every `tool_use` block of a Messages API response
 * (or of its `content`) through `executor.call()`, so the Executor's ACL, input validation,
 * approval policy and middleware apply, and returns one `tool_result` block per `tool_use`, in
 * order. Other blocks (`text`, `thinking`, `server_tool_use`, ...) are left alone.
 *
 * A name is mapped back to its module through the names of the executor's registry (the very
 * names {@link toAnthropicTools} gives) or, for a grouped tool, through `groups` and its
 * `action`; a name no module has is answered `Unknown tool: <name>`, and an `input` that is not
 * an object `Invalid arguments ...`, with nothing executed. An output is redacted (`x-sensitive`,
 * `_secret_` keys) and answered as text blocks (a plain output as its JSON) and image blocks
 * (PNG, JPEG, GIF, WebP; other images as a text placeholder); a failure with `is_error: true`
 * and the sanitized text (`Access denied`, `Input validation failed: ...`) followed, after a
 * blank line, by the apcore contract's AI guidance as JSON. Calls run concurrently unless
 * `sequential`. Never rejects for a failing call; only for an `executor` or input it cannot use.
 *
 * @example
 * ```ts
 * const response = await anthropic.messages.create({ model, max_tokens: 1024, messages, tools });
 * const results = await dispatchAnthropicToolUse(executor, response, { tools });
 * messages.push({ role: 'assistant', content: response.content }, toToolResultMessage(results));
 * ```
 */
export async function dispatchAnthropicToolUse(
  executor: ExecutorLike,
  messageOrContentBlocks:
    | AnthropicMessageLike
    | readonly (AnthropicContentBlock | AnthropicToolUseBlock)[],
  options: DispatchAnthropicToolUseOptions = {},
): Promise<AnthropicToolResultBlock[]> {
  assertExecutor(executor);
  const calls = readBlocks(messageOrContentBlocks).filter(isToolUse).map(toInput);
  const { tools, ...shared } = options;
  const outcomes = await dispatchCalls(
    executor,
    calls,
    tools === undefined ? shared : { ...shared, toolNames: tools.map((tool) => tool.name) },
  );
  return outcomes.map(toResultBlock);
}

/**
 * The user message that carries tool results back to the model: append it after the
 * assistant's message in the next request (the results must open that message's content).
 *
 * @example
 * ```ts
 * messages.push({ role: 'assistant', content: response.content }, toToolResultMessage(results));
 * ```
 */
export function toToolResultMessage(
  results: readonly AnthropicToolResultBlock[],
): AnthropicToolResultMessage {
  return { role: 'user', content: [...results] };
}
