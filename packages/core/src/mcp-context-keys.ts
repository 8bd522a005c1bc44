/**
 * The `context.data` key under which a call made through an MCP server also carries its progress
 * sender (a {@link McpProgressSender}), as the original apcore-mcp did: for modules written
 * against it. Present only when the client asked for progress (sent a `progressToken`).
 * `reportProgress` reads the call's client channel; it reads this key only for a context
 * without a channel.
 *
 * @example
 * ```ts
 * const send = context.data[MCP_PROGRESS_KEY] as McpProgressSender | undefined;
 * await send?.(1, 10, 'started');
 * ```
 */
export const MCP_PROGRESS_KEY = '_mcp_progress';

/**
 * The `context.data` key under which a call made through an MCP server also carries its
 * elicitation sender (a {@link McpElicitSender}), as the original apcore-mcp did: for modules
 * written against it. Present only when the client declared the `elicitation` capability.
 * `elicit` reads the call's client channel; it reads this key only for a context without one.
 *
 * @example
 * ```ts
 * const ask = context.data[MCP_ELICIT_KEY] as McpElicitSender | undefined;
 * const answer = await ask?.('Proceed?', { type: 'object', properties: {} });
 * ```
 */
export const MCP_ELICIT_KEY = '_mcp_elicit';

/**
 * Sends one `notifications/progress` for the call it was made for.
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
 * Sends `elicitation/create` to the client of the call it was made for and returns the client's
 * answer.
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

/**
 * Marks an error that ends the current attempt of a call so that the client can be asked
 * first. On MCP 2026-07-28 a server cannot send a request mid-call: the first `elicit()` without
 * a recorded answer throws such an error, the call answers with the question, and the module
 * runs again once the client answers. {@link elicit} lets it through; a module that catches
 * errors around `elicit()` should rethrow it (see {@link endsCallAttempt}).
 *
 * @example
 * ```ts
 * class AskFirst extends Error { readonly [CALL_ATTEMPT_ENDED] = true; }
 * ```
 */
export const CALL_ATTEMPT_ENDED: unique symbol = Symbol.for('apcore-mcp.input-required-signal');

/**
 * Whether `error` ends the current attempt of a call to ask the client first (see
 * {@link CALL_ATTEMPT_ENDED}): rethrow it instead of handling it.
 *
 * @example
 * ```ts
 * try {
 *   answer = await elicit(context, 'Which folder?', schema);
 * } catch (error) {
 *   if (endsCallAttempt(error)) throw error;
 *   answer = null;
 * }
 * ```
 */
export function endsCallAttempt(error: unknown): boolean {
  return typeof error === 'object' && error !== null && CALL_ATTEMPT_ENDED in error;
}
