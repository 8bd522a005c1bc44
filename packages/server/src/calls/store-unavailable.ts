import { createToolErrorResult } from '@apcore-mcp/errors';
import type { ToolCallResult } from '../kernel/tool-call-result.js';

/**
 * The `apcore/errorCode` of a call refused because the limit store could not answer (limits
 * fail closed, as do one-time approval rounds).
 *
 * @example
 * ```ts
 * if (result._meta?.['apcore/errorCode'] === LIMIT_STORE_UNAVAILABLE_CODE) retryLater();
 * ```
 */
export const LIMIT_STORE_UNAVAILABLE_CODE = 'LIMIT_STORE_UNAVAILABLE';

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
    LIMIT_STORE_UNAVAILABLE_CODE,
  );
}
