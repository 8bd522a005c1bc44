import { ErrorCodes } from '@apcore-mcp/core';
import { createToolErrorResult } from '@apcore-mcp/errors';
import type { ToolCallResult } from '../kernel/tool-call-result.js';

/**
 * The answer to a call that arrives once shutdown has begun: nothing runs.
 *
 * @example
 * ```ts
 * if (!accepting) return refuseShuttingDown();
 * ```
 */
export function refuseShuttingDown(): ToolCallResult {
  return createToolErrorResult('Server is shutting down', ErrorCodes.SERVER_SHUTTING_DOWN);
}
