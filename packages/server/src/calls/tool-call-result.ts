import type { TextContent } from '@apcore-mcp/errors';

/**
 * What a tool call answers: text content, `structuredContent` when the tool declares an output
 * schema, `isError` for failures (the ErrorMapper's results are of this shape), and `_meta`.
 * Declared here, not taken from an SDK, so it assigns to the result type of either SDK major.
 *
 * @example
 * ```ts
 * const result: ToolCallResult = { content: [{ type: 'text', text: '{"sum":3}' }] };
 * ```
 */
export type ToolCallResult = {
  content: TextContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};
