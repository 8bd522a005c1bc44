import {
  type ContextFactory,
  describeContent,
  type ExecutorLike,
  isExecutorLike,
  type Logger,
  readContentItems,
  redactOutput,
  serializeOutput,
} from '@apcore-mcp/core/bridge';
import { ErrorMapper } from '@apcore-mcp/errors';
import { FunctionNames } from './function-names.js';
import { InvalidArgumentError } from './invalid-argument-error.js';
import { isValidFunctionName } from './normalize.js';
import { type OpenaiToolGroups, routeGroupedCall } from './route-grouped-call.js';
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

interface ParsedCall {
  id: string;
  name: unknown;
  argumentsText: unknown;
  isResponses: boolean;
  /** False for calls of other tool kinds (Chat Completions custom tools): never ours. */
  isFunction: boolean;
}

interface Dispatch {
  executor: ExecutorLike;
  options: DispatchToolCallsOptions;
  mapper: ErrorMapper;
  allowedNames: ReadonlySet<string> | undefined;
  functionNames: FunctionNames;
}

function readCall(call: unknown): ParsedCall {
  const record = typeof call === 'object' && call !== null ? (call as Record<string, unknown>) : {};
  if (record.type === 'function_call') {
    const id = typeof record.call_id === 'string' ? record.call_id : '';
    return {
      id,
      name: record.name,
      argumentsText: record.arguments,
      isResponses: true,
      isFunction: true,
    };
  }
  const fn =
    typeof record.function === 'object' && record.function !== null
      ? (record.function as Record<string, unknown>)
      : {};
  const id = typeof record.id === 'string' ? record.id : '';
  const custom = record.custom as { name?: unknown } | null | undefined;
  const name = record.type === 'custom' ? custom?.name : fn.name;
  return {
    id,
    name,
    argumentsText: fn.arguments,
    isResponses: false,
    isFunction: record.type !== 'custom',
  };
}

function answer(call: ParsedCall, text: string): ToolCallOutput {
  return call.isResponses
    ? { type: 'function_call_output', call_id: call.id, output: text }
    : { role: 'tool', tool_call_id: call.id, content: text };
}

type ParsedArguments = { inputs: Record<string, unknown> } | { problem: string };

function parseArguments(argumentsText: unknown): ParsedArguments {
  if (
    typeof argumentsText === 'object' &&
    argumentsText !== null &&
    !Array.isArray(argumentsText)
  ) {
    return { inputs: argumentsText as Record<string, unknown> };
  }
  if (typeof argumentsText !== 'string') return { problem: 'no arguments string was given' };
  // Some models send "" for a function without parameters.
  if (argumentsText.trim() === '') return { inputs: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch (error) {
    return {
      problem: `they are not valid JSON (${error instanceof Error ? error.message : 'parse error'})`,
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const kind =
      parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`;
    return { problem: `expected a JSON object, got ${kind}` };
  }
  return { inputs: parsed as Record<string, unknown> };
}

async function runCall(call: ParsedCall, dispatch: Dispatch): Promise<ToolCallOutput> {
  const { name } = call;
  if (
    !call.isFunction ||
    typeof name !== 'string' ||
    !isValidFunctionName(name) ||
    (dispatch.allowedNames !== undefined && !dispatch.allowedNames.has(name))
  ) {
    return answer(call, `Unknown tool: ${typeof name === 'string' ? name : String(name)}`);
  }
  const parsed = parseArguments(call.argumentsText);
  if ('problem' in parsed) {
    return answer(
      call,
      `Invalid arguments for tool "${name}": ${parsed.problem}. Nothing was executed.`,
    );
  }
  const target = resolveTarget(name, parsed.inputs, dispatch);
  if ('problem' in target) return answer(call, target.problem);
  const { moduleId, inputs, errorPrefix } = target;
  try {
    const factory = dispatch.options.contextFactory;
    // Read before the call: some executors rewrite a module's schemas when it first runs.
    const outputSchema = dispatch.executor.registry.getDefinition(moduleId, {
      copy: false,
    })?.outputSchema;
    const output =
      factory === undefined
        ? await dispatch.executor.call(moduleId, inputs)
        : await dispatch.executor.call(moduleId, inputs, factory.createContext({ moduleId }));
    const shown =
      dispatch.options.redactOutput === false ? output : redactOutput(output, outputSchema);
    return answer(call, toOutputText(shown));
  } catch (error) {
    // The message, then the contract's AI guidance (its JSON appendix): a model reads only text.
    const { content } = dispatch.mapper.toMcpError(error);
    return answer(call, `${errorPrefix}${content.map((block) => block.text).join('\n\n')}`);
  }
}

/**
 * What a model reads of a module's output: a tool message holds only text, so content (core's
 * `text()`, `image()`, ...) becomes its text and placeholders (`[image: image/png, 1234 bytes]`);
 * any other output its JSON.
 */
function toOutputText(output: unknown): string {
  const items = readContentItems(output);
  return items === undefined ? serializeOutput(output) : describeContent(items);
}

/** The module a function name runs (a grouped one: its action's), or why none. */
function resolveTarget(
  name: string,
  args: Record<string, unknown>,
  dispatch: Dispatch,
):
  | { moduleId: string; inputs: Record<string, unknown>; errorPrefix: string }
  | { problem: string } {
  const groups = dispatch.options.groups;
  if (groups !== undefined && Object.hasOwn(groups, name)) {
    const registry = dispatch.executor.registry;
    const routed = routeGroupedCall(
      name,
      args,
      groups,
      (moduleId) => registry.getDefinition(moduleId, { copy: false })?.inputSchema,
    );
    if ('problem' in routed) return { problem: `${routed.problem}. Nothing was executed.` };
    const errorPrefix = `[${name}/${routed.action}] `;
    return { moduleId: routed.moduleId, inputs: routed.arguments, errorPrefix };
  }
  const moduleId = dispatch.functionNames.moduleIdOf(name);
  if (moduleId === undefined) return { problem: `Unknown tool: ${name}` };
  return { moduleId, inputs: args, errorPrefix: '' };
}

function createDispatch(executor: ExecutorLike, options: DispatchToolCallsOptions): Dispatch {
  if (!isExecutorLike(executor)) {
    throw new InvalidArgumentError('Expected an apcore Executor (call, registry)', {
      argument: 'executor',
    });
  }
  const mapper =
    options.errorMapper ??
    new ErrorMapper(options.logger === undefined ? {} : { logger: options.logger });
  const allowedNames =
    options.tools === undefined
      ? undefined
      : new Set(options.tools.map((tool) => tool.function.name));
  const functionNames = new FunctionNames(executor.registry);
  return { executor, options, mapper, allowedNames, functionNames };
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
  const dispatch = createDispatch(executor, options);
  if (!Array.isArray(toolCalls)) {
    throw new InvalidArgumentError('toolCalls must be an array of tool calls', {
      argument: 'toolCalls',
    });
  }
  const calls = toolCalls.map(readCall);
  if (options.sequential !== true) return Promise.all(calls.map((call) => runCall(call, dispatch)));
  const outputs: ToolCallOutput[] = [];
  for (const call of calls) outputs.push(await runCall(call, dispatch));
  return outputs;
}
