import {
  endsCallAttempt,
  MCP_ELICIT_KEY,
  MCP_PROGRESS_KEY,
  type McpElicitSender,
  type McpProgressSender,
} from './mcp-context-keys.js';

/** Anything with a `data` bag: our `Context`, apcore-js's, or nothing at all. */
type ContextWithData = { readonly data?: unknown } | null | undefined;

/**
 * `context.data[key]`, for any context (or none): the one way the helpers find their sender.
 *
 * @example
 * ```ts
 * const send = readData(context, MCP_PROGRESS_KEY);
 * ```
 */
export function readData(context: ContextWithData, key: string): unknown {
  if (typeof context !== 'object' || context === null) return undefined;
  const data = context.data;
  if (typeof data !== 'object' || data === null) return undefined;
  return (data as Record<string, unknown>)[key];
}

/**
 * Tells the MCP client how far the current call has come (`notifications/progress`). Does
 * nothing, and never throws, when there is nobody to tell: a plain `executor.call()`, a client
 * that sent no `progressToken`, a closed connection. An MCP server sends only increasing
 * `progress` values: a value not above the last one sent is dropped.
 *
 * @example
 * ```ts
 * execute: async ({ files }, context) => {
 *   for (const [index, file] of files.entries()) {
 *     await convert(file);
 *     await reportProgress(context, index + 1, files.length, `Converted ${file}`);
 *   }
 *   return { converted: files.length };
 * },
 * ```
 */
export async function reportProgress(
  context: ContextWithData,
  progress: number,
  total?: number,
  message?: string,
): Promise<void> {
  const send = readData(context, MCP_PROGRESS_KEY);
  if (typeof send !== 'function') return;
  try {
    await (send as McpProgressSender)(progress, total, message);
  } catch {
    // Progress is advisory: failing to report it must never fail the call.
  }
}

/**
 * Asks the user of the MCP client for input (`elicitation/create`): `message` is shown,
 * `requestedSchema` (a flat object schema of primitive properties) describes the form. Resolves
 * to the accepted content (`{}` when the user accepted an empty form), or `null` when the user
 * declined or cancelled, the client cannot elicit, the request failed, or there is no MCP call
 * at all (a plain `executor.call()`).
 *
 * On MCP 2026-07-28 the server cannot ask in the middle of a call. The first `elicit()` without
 * a recorded answer ends the attempt (it throws an error {@link endsCallAttempt} recognises: let
 * it through), the client is asked, and the module runs again from the start; on that run each
 * `elicit()` returns its recorded answer, in order. So the code before an `elicit()` may run
 * more than once: keep it free of side effects, or idempotent. Otherwise never throws.
 *
 * @example
 * ```ts
 * const answer = await elicit(context, 'Delete 12 files?', {
 *   type: 'object',
 *   properties: { confirm: { type: 'boolean' } },
 *   required: ['confirm'],
 * });
 * if (answer?.confirm !== true) return { deleted: 0 };
 * ```
 */
export async function elicit(
  context: ContextWithData,
  message: string,
  requestedSchema?: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const ask = readData(context, MCP_ELICIT_KEY);
  if (typeof ask !== 'function') return null;
  try {
    const answer = await (ask as McpElicitSender)(message, requestedSchema);
    if (answer?.action !== 'accept') return null;
    const content = answer.content;
    return typeof content === 'object' && content !== null ? content : {};
  } catch (error) {
    if (endsCallAttempt(error)) throw error;
    // The server logs why; the module only needs to know it got no answer.
    return null;
  }
}
