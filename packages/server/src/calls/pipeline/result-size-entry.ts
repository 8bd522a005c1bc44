import { ErrorCodes } from '@apcore-mcp/core';
import { createToolErrorResult } from '@apcore-mcp/errors';
import { isInterimAnswer } from '../../kernel/task-created-result.js';
import type { ToolCallResult } from '../../kernel/tool-call-result.js';
import type { CallMiddleware } from './call-middleware.js';

/**
 * The size of a result as it goes on the wire: the UTF-8 bytes of its content and
 * `structuredContent` serialized as JSON.
 *
 * @example
 * ```ts
 * measureResult({ content: [{ type: 'text', text: 'hi' }] }); // 39
 * ```
 */
export function measureResult(result: ToolCallResult): number {
  const { content, structuredContent } = result;
  return Buffer.byteLength(JSON.stringify({ content, structuredContent }), 'utf8');
}

/**
 * The error result of a call whose result was over the limit: nothing of it is sent.
 *
 * @example
 * ```ts
 * refuseTooLarge(2_000_000, 1_048_576);
 * ```
 */
export function refuseTooLarge(bytes: number, limit: number): ToolCallResult {
  return createToolErrorResult(
    `Result too large: ${bytes} bytes, over the limit of ${limit} bytes (maxResultBytes). Ask for less, or have the module return a resource link instead of the data.`,
    ErrorCodes.RESULT_TOO_LARGE,
  );
}

/**
 * Answers a successful call whose result is larger than `maxResultBytes` with a
 * `RESULT_TOO_LARGE` tool error instead: a client would otherwise choke on it or cut it
 * silently (Claude Code truncates tool results around 25,000 tokens). Error results and
 * questions pass as they are.
 *
 * @example
 * ```ts
 * const entries = [answerErrors, createResultSizeEntry(1_048_576), answerQuestions];
 * ```
 */
export function createResultSizeEntry(maxResultBytes: number): CallMiddleware {
  return async (call, next) => {
    const answer = await next();
    if (isInterimAnswer(answer) || answer.isError === true) return answer;
    const bytes = measureResult(answer);
    if (bytes <= maxResultBytes) return answer;
    call.logger.warn(
      { bytes, maxResultBytes },
      'Tool result over maxResultBytes; answered with an error',
    );
    return refuseTooLarge(bytes, maxResultBytes);
  };
}
