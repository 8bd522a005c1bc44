import { type ExecutorLike, redactOutput } from '@apcore-mcp/core/bridge';
import { toSuccessResult } from '../../kernel/tool-result.js';
import { streamCall } from '../stream-call.js';
import type { CallHandler } from './call-middleware.js';
import type { OpenedToolCall } from './tool-call.js';

/**
 * The end of the pipeline: the executor runs the module (`stream()` for a streaming call, each
 * chunk sent as progress), and its output becomes the result. Every path to a module (direct,
 * grouped, tool search, a task's attempt) ends here, so this is where secrets are redacted
 * (`redactOutput`, default on): from the result and from each streamed chunk, before anything is sent.
 *
 * @example
 * ```ts
 * const run = composeCall(entries, createExecuteCall(executor, { redactOutput: true }));
 * ```
 */
export function createExecuteCall(
  executor: ExecutorLike,
  options: { redactOutput?: boolean | undefined } = {},
): CallHandler<OpenedToolCall> {
  const redactOn = options.redactOutput !== false;
  return async (call) => {
    const { opened, served } = call;
    const redact = redactOn
      ? (output: unknown) => redactOutput(output, served.outputSchema ?? served.tool.outputSchema)
      : (output: unknown) => output;
    const output =
      opened.progress === undefined
        ? await executor.call(opened.moduleId, call.arguments, opened.context)
        : await streamCall(executor, opened, call.arguments, redact);
    return toSuccessResult(served.tool, redact(output));
  };
}
