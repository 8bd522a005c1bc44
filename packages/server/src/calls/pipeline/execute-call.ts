import type { ExecutorLike } from '@apcore-mcp/core';
import { toSuccessResult } from '../../kernel/tool-result.js';
import { streamCall } from '../stream-call.js';
import type { CallHandler } from './call-middleware.js';

/**
 * The end of the pipeline: the executor runs the module (`stream()` for a streaming call, each
 * chunk sent as progress), and its output becomes the result.
 *
 * @example
 * ```ts
 * const run = composeCall(entries, createExecuteCall(executor));
 * ```
 */
export function createExecuteCall(executor: ExecutorLike): CallHandler {
  return async (call) => {
    const { opened, served } = call;
    if (opened === undefined || served === undefined) {
      throw new TypeError('a call is executed once opened');
    }
    const output =
      opened.progress === undefined
        ? await executor.call(opened.moduleId, call.arguments, opened.context)
        : await streamCall(executor, opened, call.arguments);
    return toSuccessResult(served.tool, output);
  };
}
