import type { ContentItem } from '@apcore-mcp/core';
import { ERROR_CODE_META_KEY } from '@apcore-mcp/errors';

/**
 * What a tool call answers: content items (the JSON text of a module's output, or the content
 * it answered with), `structuredContent` when the tool declares an output schema, `isError` for
 * failures (the ErrorMapper's results are of this shape, text only), and `_meta`.
 * Declared here, not taken from an SDK, so it assigns to the result type of either SDK major.
 *
 * @example
 * ```ts
 * const result: ToolCallResult = { content: [{ type: 'text', text: '{"sum":3}' }] };
 * ```
 */
export type ToolCallResult = {
  content: ContentItem[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};

/**
 * The `apcore/errorCode` of a failed call's result; `undefined` for a success, or a failure
 * that carries none.
 *
 * @example
 * ```ts
 * readErrorCode({ content: [], isError: true, _meta: { 'apcore/errorCode': 'ACL_DENIED' } }); // 'ACL_DENIED'
 * ```
 */
export function readErrorCode(result: Partial<ToolCallResult>): string | undefined {
  if (result.isError !== true) return undefined;
  const code = result._meta?.[ERROR_CODE_META_KEY];
  return typeof code === 'string' ? code : undefined;
}
