import { readData } from './mcp-helpers.js';

/**
 * The `context.data` key under which a call made through an MCP server carries its log sender
 * (a {@link McpLogSender}); {@link log} reads it.
 *
 * @example
 * ```ts
 * const send = context.data[MCP_LOG_KEY] as McpLogSender | undefined;
 * await send?.({ level: 'info', message: 'started' });
 * ```
 */
export const MCP_LOG_KEY = '_mcp_log';

/**
 * MCP's log levels (the syslog severities of RFC 5424), least severe first.
 *
 * @example
 * ```ts
 * MCP_LOG_LEVELS.indexOf('warning') > MCP_LOG_LEVELS.indexOf('info'); // true
 * ```
 */
export const MCP_LOG_LEVELS = Object.freeze([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const);

/**
 * One of {@link MCP_LOG_LEVELS}.
 *
 * @example
 * ```ts
 * const level: McpLogLevel = 'warning';
 * ```
 */
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number];

/**
 * Whether `value` is one of MCP's log levels.
 *
 * @example
 * ```ts
 * isMcpLogLevel('notice'); // true
 * isMcpLogLevel('warn'); // false: MCP says 'warning'
 * ```
 */
export function isMcpLogLevel(value: unknown): value is McpLogLevel {
  return typeof value === 'string' && (MCP_LOG_LEVELS as readonly string[]).includes(value);
}

/**
 * One line a module logs, as {@link log} hands it to the server: the level and message, the
 * module's `data` when it gave some, and which module of which trace logged it (read from the
 * context, when it says).
 *
 * @example
 * ```ts
 * const record: McpLogRecord = { level: 'info', message: 'Imported 3 rows', moduleId: 'csv.import' };
 * ```
 */
export interface McpLogRecord {
  level: McpLogLevel;
  message: string;
  /** Whatever the module passed as `data`; absent when it passed none. */
  data?: unknown;
  /** The module that logged: the last id of the context's `callChain`. */
  moduleId?: string;
  /** The context's `traceId`. */
  traceId?: string;
}

/**
 * Writes one {@link McpLogRecord} to the server's log and, when the client asked for it, sends
 * it to the client of the call as `notifications/message`. Never rejects.
 *
 * @example
 * ```ts
 * const send: McpLogSender = async (record) => console.error(record.level, record.message);
 * ```
 */
export type McpLogSender = (record: McpLogRecord) => Promise<void>;

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
  const send = readData(context, MCP_LOG_KEY);
  if (typeof send !== 'function') return Promise.resolve();
  const record: McpLogRecord = { level, message, ...originOf(context) };
  if (data !== undefined) record.data = data;
  try {
    return Promise.resolve((send as McpLogSender)(record)).catch(ignore);
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
