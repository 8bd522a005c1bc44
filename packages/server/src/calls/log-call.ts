import { isLevelEnabled, type Logger } from '../logger.js';
import { readErrorCode, type ToolCallResult } from './tool-call-result.js';

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
