import { type RouterCallExtra, readCallTraceId } from '../kernel/call-extra.js';
import { isLevelEnabled, type Logger, withFields } from '../kernel/logger.js';
import { readErrorCode, type ToolCallResult } from '../kernel/tool-call-result.js';

/**
 * `logger` naming the call's trace id in every record when the server knows one (a client's
 * `traceparent`, a span), so the server's lines match the module's and the tracing backend's;
 * `logger` itself otherwise: an untraced call binds nothing.
 *
 * @example
 * ```ts
 * logCall(withCallTrace(logger, extra), 'math-add', result, startedAt);
 * ```
 */
export function withCallTrace(logger: Logger, extra: RouterCallExtra): Logger {
  const traceId = readCallTraceId(extra);
  return traceId === undefined ? logger : withFields(logger, { traceId });
}

/**
 * Logs an answered call at debug: tool, duration, and the error code of a failure. Never
 * throws: a logger that fails must not turn an answered call into a failure.
 *
 * @example
 * ```ts
 * logCall(logger, 'math-add', result, performance.now() - 3);
 * ```
 */
export function logCall(
  logger: Logger,
  name: string,
  result: ToolCallResult,
  startedAt: number,
): void {
  if (!isLevelEnabled(logger, 'debug')) return;
  try {
    logger.debug(
      {
        tool: name,
        durationMs: Math.round((performance.now() - startedAt) * 100) / 100,
        isError: result.isError === true,
        ...(result.isError ? { errorCode: readErrorCode(result) } : {}),
      },
      'Tool call',
    );
  } catch {
    // Answered is answered, whatever the logger does.
  }
}
