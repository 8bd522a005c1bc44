import type { JsonSchema } from '@apcore-mcp/core';

/**
 * The `function` part of an OpenAI tool definition.
 *
 * @example
 * ```ts
 * const definition: OpenAIFunctionDefinition = {
 *   name: 'image-resize',
 *   description: 'Resize an image',
 *   parameters: { type: 'object', properties: { width: { type: 'integer' } } },
 * };
 * ```
 */
export interface OpenAIFunctionDefinition {
  /** The normalized module id (`image.resize` -> `image-resize`). */
  name: string;
  description: string;
  /** The module's input schema, `$ref`s inlined (strict-mode rewritten when `strict`). */
  parameters: JsonSchema;
  /** Present, and `true`, only in strict mode. */
  strict?: true;
}

/**
 * One OpenAI function-calling tool, as `chat.completions.create({ tools })` takes it.
 *
 * @example
 * ```ts
 * const tool: OpenAITool = { type: 'function', function: definition };
 * ```
 */
export interface OpenAITool {
  type: 'function';
  function: OpenAIFunctionDefinition;
}

/**
 * One entry of a Chat Completions message's `tool_calls`.
 *
 * @example
 * ```ts
 * const call: ChatToolCall = {
 *   id: 'call_1',
 *   type: 'function',
 *   function: { name: 'image-resize', arguments: '{"width":100}' },
 * };
 * ```
 */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/**
 * One `function_call` item of a Responses API output.
 *
 * @example
 * ```ts
 * const call: ResponsesFunctionCall = {
 *   type: 'function_call',
 *   call_id: 'call_1',
 *   name: 'image-resize',
 *   arguments: '{"width":100}',
 * };
 * ```
 */
export interface ResponsesFunctionCall {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
  status?: string;
}

/**
 * The Chat Completions answer to one tool call: append it to the conversation's messages.
 *
 * @example
 * ```ts
 * const message: ToolMessage = { role: 'tool', tool_call_id: 'call_1', content: '{"ok":true}' };
 * ```
 */
export interface ToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}

/**
 * The Responses API answer to one function call: pass it back in the next request's `input`.
 *
 * @example
 * ```ts
 * const item: FunctionCallOutput = { type: 'function_call_output', call_id: 'call_1', output: '{}' };
 * ```
 */
export interface FunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}
