/**
 * The `context.data` key under which a tool call carries its MCP progress sender.
 *
 * The value is a {@link McpProgressSender}; it is present only when the client asked for
 * progress (sent a `progressToken` in the request's `_meta`).
 *
 * @example
 * ```ts
 * const send = context.data[MCP_PROGRESS_KEY] as McpProgressSender | undefined;
 * await send?.(1, 10, 'started');
 * ```
 */
export const MCP_PROGRESS_KEY = '_mcp_progress';

/**
 * The `context.data` key under which a tool call carries its MCP elicitation sender.
 *
 * The value is a {@link McpElicitSender}; it is present only when the client declared the
 * `elicitation` capability.
 *
 * @example
 * ```ts
 * const ask = context.data[MCP_ELICIT_KEY] as McpElicitSender | undefined;
 * const answer = await ask?.('Proceed?', { type: 'object', properties: {} });
 * ```
 */
export const MCP_ELICIT_KEY = '_mcp_elicit';

/**
 * Sends one `notifications/progress` for the tool call it was made for.
 *
 * @example
 * ```ts
 * const send: McpProgressSender = async (progress, total, message) => {};
 * await send(1, 2, 'half way');
 * ```
 */
export type McpProgressSender = (
  progress: number,
  total?: number,
  message?: string,
) => Promise<void>;

/**
 * What the client answered to an elicitation request (the MCP `ElicitResult`).
 *
 * @example
 * ```ts
 * const answer: McpElicitResult = { action: 'accept', content: { confirm: true } };
 * ```
 */
export interface McpElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/**
 * Sends `elicitation/create` to the client of the tool call it was made for and returns the
 * client's answer.
 *
 * @example
 * ```ts
 * const ask: McpElicitSender = async () => ({ action: 'decline' });
 * const answer = await ask('Overwrite the file?');
 * ```
 */
export type McpElicitSender = (
  message: string,
  requestedSchema?: Record<string, unknown>,
) => Promise<McpElicitResult>;
