import { createToolErrorResult } from '@apcore-mcp/errors';
import type { ToolCallResult } from '../kernel/tool-call-result.js';

/**
 * The `apcore/errorCode` of the result a call gets once shutdown has begun.
 *
 * @example
 * ```ts
 * if (result._meta?.['apcore/errorCode'] === SHUTTING_DOWN_CODE) retryElsewhere();
 * ```
 */
export const SHUTTING_DOWN_CODE = 'SERVER_SHUTTING_DOWN';

/**
 * The answer to a call that arrives once shutdown has begun: nothing runs.
 *
 * @example
 * ```ts
 * if (!accepting) return refuseShuttingDown();
 * ```
 */
export function refuseShuttingDown(): ToolCallResult {
  return createToolErrorResult('Server is shutting down', SHUTTING_DOWN_CODE);
}
