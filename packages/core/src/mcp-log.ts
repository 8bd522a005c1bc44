import { clientChannelOf } from './channel/client-channel-of.js';
import {
  isMcpLogLevel,
  MCP_LOG_LEVELS,
  type McpLogLevel,
  type McpLogRecord,
} from './mcp-log-record.js';

/**
 * Logs `message` at `level` (one of {@link MCP_LOG_LEVELS}), with optional JSON `data`: the
 * server writes it to its own log, and sends it to the MCP client as `notifications/message`
 * when the client asked for that level (`logging/setLevel` on 2025-11-25, the request's
 * `io.modelcontextprotocol/logLevel` on 2026-07-28). Does nothing, and never rejects, when
 * there is no MCP call (a plain `executor.call()`).
 *
 * @throws {TypeError} at once, before anything is sent, when `level` is not an MCP log level
 * or `message` is not a string: a mistake in the module, not something to skip quietly.
 *
 * @example
 * ```ts
 * execute: async ({ rows }, context) => {
 *   await log(context, 'info', `Importing ${rows.length} rows`);
 *   const skipped = rows.filter((row) => !row.id);
 *   if (skipped.length > 0) await log(context, 'warning', 'Rows without an id skipped', { count: skipped.length });
 *   return { imported: rows.length - skipped.length };
 * },
 * ```
 */
export function log(
  context: { readonly data?: unknown } | null | undefined,
  level: McpLogLevel,
  message: string,
  data?: unknown,
): Promise<void> {
  // Thrown, not rejected: a module that does not await log() must still see its mistake.
  if (!isMcpLogLevel(level)) {
    throw new TypeError(
      `log(): unknown level ${JSON.stringify(level)}; expected one of ${MCP_LOG_LEVELS.join(', ')}`,
    );
  }
  if (typeof message !== 'string') {
    throw new TypeError(`log(): message must be a string, got ${typeof message}`);
  }
  const send = clientChannelOf(context)?.log;
  if (send === undefined) return Promise.resolve();
  const record: McpLogRecord = { level, message, ...originOf(context) };
  if (data !== undefined) record.data = data;
  try {
    return Promise.resolve(send(record)).catch(ignore);
  } catch {
    return Promise.resolve();
  }
}

/** The server logs why a line could not be sent; logging must never fail the call. */
function ignore(): void {}

/** The logging module and its trace, as far as the context tells (any runtime's context). */
function originOf(context: object | null | undefined): { moduleId?: string; traceId?: string } {
  const origin: { moduleId?: string; traceId?: string } = {};
  const { callChain, traceId } = (context ?? {}) as { callChain?: unknown; traceId?: unknown };
  const moduleId = Array.isArray(callChain) ? callChain.at(-1) : undefined;
  if (typeof moduleId === 'string') origin.moduleId = moduleId;
  if (typeof traceId === 'string') origin.traceId = traceId;
  return origin;
}
