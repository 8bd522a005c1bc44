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
