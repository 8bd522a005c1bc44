import { ErrorCodes } from '@apcore-mcp/core';
import { createToolErrorResult } from '@apcore-mcp/errors';
import type { ToolCallResult } from '../kernel/tool-call-result.js';

/**
 * The answer to a call when the limit store cannot answer: nothing ran.
 *
 * @example
 * ```ts
 * return refuseStoreUnavailable();
 * ```
 */
export function refuseStoreUnavailable(): ToolCallResult {
  return createToolErrorResult(
    'Limit store unavailable; the call was not run, retry later',
    ErrorCodes.LIMIT_STORE_UNAVAILABLE,
  );
}
