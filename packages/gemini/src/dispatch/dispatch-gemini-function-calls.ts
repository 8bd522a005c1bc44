import type { ContextFactory, ExecutorLike, Logger } from '@apcore-mcp/core/bridge';
import type { ErrorMapper } from '@apcore-mcp/errors';
import {
  assertExecutor,
  type DispatchInput,
  dispatchCalls,
  type ToolGroups,
} from '@apcore-mcp/tool-export';
import type { GeminiFunctionResponseContent, GeminiFunctionResponsePart } from '../types.js';
import { toFunctionResponsePart } from './function-response.js';
import { type GeminiFunctionCallSource, readFunctionCalls } from './read-function-calls.js';

/**
 * Options of {@link dispatchGeminiFunctionCalls}.
 *
 * @example
 * ```ts
 * const options: DispatchGeminiFunctionCallsOptions = { functionDeclarations, groups };
 * ```
 */
export interface DispatchGeminiFunctionCallsOptions {
  /** Receives unexpected failures (with their stack) and mapping details. */
  logger?: Logger;
  /** Builds the context passed to `executor.call()`; without one, no context is passed. */
  contextFactory?: ContextFactory;
  /**
   * The declarations offered to the model. When given, only calls to these names run; any other
   * name is answered `Unknown tool: <name>` without touching the executor. Without it, any
   * module of the executor's registry can be called (the executor's ACL still applies).
   */
  functionDeclarations?: readonly { name: string }[];
  /** Run the calls one after another instead of concurrently. Default `false`. */
  sequential?: boolean;
  /** Maps failures to text; defaults to `new ErrorMapper({ logger })`. */
  errorMapper?: ErrorMapper;
  /** The grouped functions of the export (`toGeminiToolsDetailed(...).groups`). */
  groups?: ToolGroups;
  /**
   * Replace every secret of an output by `***REDACTED***` before the model reads it: what the
   * module's output schema marks `x-sensitive: true`, and keys starting with `_secret_`.
   * Default `true`.
   */
  redactOutput?: boolean;
  /**
   * Send images a module returns (PNG, JPEG, WebP) as the function response's `parts`, which
   * Gemini 3 models read (multimodal function responses); `false` sends a text placeholder
   * (`[image: image/png, 1234 bytes]`) instead, for earlier models. Default `true`.
   */
  multimodalResponses?: boolean;
}

/**
 * The way back from Gemini to apcore: runs every `functionCall` of a `generateContent`
 * response (its first candidate), a `Content`, a list of parts or the SDK's
 * `response.functionCalls` through `executor.call()` (so ACL, validation, the approval policy
 * and middleware apply) and returns one `functionResponse` part per call, in order: `{ output }`
 * with the module's (redacted) output, or `{ error }` with the sanitized error text and the
 * contract's AI guidance. A name no module has is answered `Unknown tool: <name>`; a grouped
 * function runs the module its `action` names. Calls run concurrently unless `sequential`.
 * Never rejects for a failing call; only for an `executor` or a source it cannot read.
 *
 * @throws {InvalidArgumentError} for something that is not an executor or a source of calls.
 * @example
 * ```ts
 * const parts = await dispatchGeminiFunctionCalls(executor, response, { functionDeclarations });
 * contents.push(response.candidates[0].content, toFunctionResponseContent(parts));
 * ```
 */
export async function dispatchGeminiFunctionCalls(
  executor: ExecutorLike,
  source: GeminiFunctionCallSource,
  options: DispatchGeminiFunctionCallsOptions = {},
): Promise<GeminiFunctionResponsePart[]> {
  assertExecutor(executor);
  const calls = readFunctionCalls(source);
  const { functionDeclarations, multimodalResponses, ...shared } = options;
  const inputs = calls.map(
    (call): DispatchInput => ({ id: call.id ?? '', name: call.name, arguments: call.args ?? {} }),
  );
  const outcomes = await dispatchCalls(
    executor,
    inputs,
    functionDeclarations === undefined
      ? shared
      : { ...shared, toolNames: functionDeclarations.map((declaration) => declaration.name) },
  );
  return outcomes.map((outcome, index) => {
    const call = calls[index] ?? {};
    const name = typeof call.name === 'string' ? call.name : '';
    return toFunctionResponsePart({ id: call.id, name }, outcome, multimodalResponses !== false);
  });
}

/**
 * Function responses wrapped as the `Content` to append to the conversation for the next
 * request: `{ role: 'user', parts }`, the role the function-calling guide gives them.
 *
 * @example
 * ```ts
 * contents.push(toFunctionResponseContent(await dispatchGeminiFunctionCalls(executor, response)));
 * ```
 */
export function toFunctionResponseContent(
  parts: readonly GeminiFunctionResponsePart[],
): GeminiFunctionResponseContent {
  return { role: 'user', parts: [...parts] };
}
