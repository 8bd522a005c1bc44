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
} from '@apcore-mcp/tool-export';
import type { OpenaiToolGroups } from './route-grouped-call.js';
import type {
  ChatToolCall,
  FunctionCallOutput,
  OpenAITool,
  ResponsesFunctionCall,
  ToolMessage,
} from './types.js';

/** Options of {@link dispatchToolCalls}. */
export interface DispatchToolCallsOptions {
  /** Receives unexpected failures (with their stack) and mapping details. */
  logger?: Logger;
  /** Builds the context passed to `executor.call()`; without one, no context is passed. */
  contextFactory?: ContextFactory;
  /**
   * The tools offered to the model. When given, only calls to these names run; any other name
   * is answered `Unknown tool: <name>` without touching the executor. Without it, any module of
   * the executor's registry can be called (the executor's ACL still applies).
   */
  tools?: readonly OpenAITool[];
  /** Run the calls one after another instead of concurrently. Default `false`. */
  sequential?: boolean;
  /** Maps failures to text; defaults to `new ErrorMapper({ logger })`. */
  errorMapper?: ErrorMapper;
  /**
   * The grouped functions of the export (`toOpenaiToolsDetailed(...).groups`): a call of one
   * runs the module its `action` names, with the other arguments (see `routeGroupedCall`).
   */
  groups?: OpenaiToolGroups;
  /**
   * Replace every secret of an output by `***REDACTED***` before the model reads it: what the
   * module's output schema marks `x-sensitive: true`, and keys starting with `_secret_`.
   * Default `true`, as on the MCP side.
   */
  redactOutput?: boolean;
}

/** A tool call of either API. */
export type ToolCall = ChatToolCall | ResponsesFunctionCall;

/**
 * A Chat Completions call of a non-function tool (`type: 'custom'`): never one of ours, so it is
 * answered `Unknown tool: <name>`. Accepted so a message's whole `tool_calls` can be passed in.
 */
type ChatCustomToolCall = { id: string; type: 'custom'; custom?: { name?: string } };

/** What one call of either API is answered with. */
export type ToolCallOutput = ToolMessage | FunctionCallOutput;

/** A call of either API, read into the shared dispatch's input; remembers which API it was. */
interface ReadCall {
  input: DispatchInput;
  isResponses: boolean;
}

function readCall(call: unknown): ReadCall {
  const record = typeof call === 'object' && call !== null ? (call as Record<string, unknown>) : {};
  if (record.type === 'function_call') {
    const id = typeof record.call_id === 'string' ? record.call_id : '';
    return { input: { id, name: record.name, arguments: record.arguments }, isResponses: true };
  }
  const fn =
    typeof record.function === 'object' && record.function !== null
      ? (record.function as Record<string, unknown>)
      : {};
  const id = typeof record.id === 'string' ? record.id : '';
  if (record.type === 'custom') {
    const custom = record.custom as { name?: unknown } | null | undefined;
    return {
      input: { id, name: custom?.name, arguments: fn.arguments, foreign: true },
      isResponses: false,
    };
  }
  return { input: { id, name: fn.name, arguments: fn.arguments }, isResponses: false };
}

/** A tool message holds only text: parts become their text, a failure its text and guidance. */
function toOutputText(outcome: DispatchOutcome): string {
  if (!outcome.ok) return describeDispatchFailure(outcome);
  return outcome.parts.map(describeOutputPart).join('\n');
}

function answer(call: ReadCall, outcome: DispatchOutcome): ToolCallOutput {
  const text = toOutputText(outcome);
  return call.isResponses
    ? { type: 'function_call_output', call_id: outcome.id, output: text }
    : { role: 'tool', tool_call_id: outcome.id, content: text };
}

/**
 * The way back from a model to apcore: runs the function calls of a Chat Completions message
 * (`tool_calls`) or of a Responses API output (`function_call` items) through `executor.call()`
 * and returns the answers in the same order, one per call.
 *
 * A name is mapped back to its module through the names of the executor's registry (the very
 * names {@link toOpenaiTools} gives, shortened ones included); a name no module has is answered
 * `Unknown tool: <name>`. Arguments are parsed as JSON (an
 * empty string counts as `{}`); arguments that are not a JSON object are answered with a message
 * saying so, and nothing is executed for that call. A successful output is answered with its
 * JSON; a failure with the {@link ErrorMapper}'s sanitized text (`Access denied`, `Module not
 * found: x`, `Input validation failed: ...`) followed, after a blank line, by the apcore
 * contract's AI guidance as JSON (`{"retryable":false,"aiGuidance":"...","userFixable":false}`).
 * Calls run concurrently unless `sequential`.
 *
 * Chat Completions calls are answered `{ role: 'tool', tool_call_id, content }` (append to
 * `messages`); Responses API calls `{ type: 'function_call_output', call_id, output }` (pass in
 * the next `input`). Never rejects for a failing call; only for an `executor` or `toolCalls` it
 * cannot use.
 *
 * @example
 * ```ts
 * const message = completion.choices[0].message;
 * messages.push(message, ...(await dispatchToolCalls(executor, message.tool_calls ?? [], { tools })));
 * ```
 */
export async function dispatchToolCalls(
  executor: ExecutorLike,
  toolCalls: readonly (ChatToolCall | ChatCustomToolCall)[],
  options?: DispatchToolCallsOptions,
): Promise<ToolMessage[]>;
export async function dispatchToolCalls(
  executor: ExecutorLike,
  toolCalls: readonly ResponsesFunctionCall[],
  options?: DispatchToolCallsOptions,
): Promise<FunctionCallOutput[]>;
export async function dispatchToolCalls(
  executor: ExecutorLike,
  toolCalls: readonly ToolCall[],
  options?: DispatchToolCallsOptions,
): Promise<ToolCallOutput[]>;
export async function dispatchToolCalls(
  executor: ExecutorLike,
  toolCalls: readonly unknown[],
  options: DispatchToolCallsOptions = {},
): Promise<ToolCallOutput[]> {
  assertExecutor(executor);
  if (!Array.isArray(toolCalls)) {
    throw new InvalidArgumentError('toolCalls must be an array of tool calls', {
      argument: 'toolCalls',
    });
  }
  const calls = toolCalls.map(readCall);
  const { tools, ...shared } = options;
  const outcomes = await dispatchCalls(
    executor,
    calls.map((call) => call.input),
    tools === undefined
      ? shared
      : { ...shared, toolNames: tools.map((tool) => tool.function.name) },
  );
  return outcomes.map((outcome, index) => answer(calls[index] as ReadCall, outcome));
}
