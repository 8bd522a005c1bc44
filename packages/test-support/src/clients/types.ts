import type { DefinitionRequests, PlainJson } from './definition-requests.js';
import type { ListenForListChanges } from './list-changes.js';

/**
 * The protocol revision a test client speaks: `2025-11-25` through the 1.x SDK client, the way
 * deployed clients do today, and `2026-07-28` through the 2.x client pinned to that revision.
 */
export type ClientEra = '2025-11-25' | '2026-07-28';

/**
 * A tool as a client lists it, in plain JSON: the 1.x and 2.x SDK `Tool` types do not assign to
 * each other, so tests compare this shape instead.
 *
 * @example
 * ```ts
 * const names = (await client.listTools()).map((tool: ListedTool) => tool.name);
 * ```
 */
export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * A tool call's result in plain JSON, whichever SDK received it.
 *
 * @example
 * ```ts
 * const result: CalledToolResult = await client.callTool('echo', { text: 'hi' });
 * expect(result.isError).toBe(false);
 * ```
 */
export interface CalledToolResult {
  content: Array<{ type: string; text?: string } & Record<string, unknown>>;
  isError: boolean;
  structuredContent?: Record<string, unknown>;
  /** The result's `_meta` (an error's `apcore/errorCode`), when it has one. */
  _meta?: Record<string, unknown>;
}

/**
 * One progress notification a call received.
 *
 * @example
 * ```ts
 * const seen: ProgressUpdate[] = [];
 * await client.callTool('slow', {}, { onProgress: (update) => seen.push(update) });
 * ```
 */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * A form elicitation the server asked for, in either era: a pushed `elicitation/create` request
 * on 2025-11-25, an `input_required` result's embedded request on 2026-07-28.
 *
 * @example
 * ```ts
 * const onElicit = (request: ElicitationRequest) => ({ action: 'accept', content: { ok: true } });
 * ```
 */
export interface ElicitationRequest {
  message: string;
  requestedSchema: Record<string, unknown>;
}

/**
 * The user's answer to an elicitation.
 *
 * @example
 * ```ts
 * const answer: ElicitationAnswer = { action: 'decline' };
 * ```
 */
export type ElicitationAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };

/**
 * Answers an elicitation; may be async.
 *
 * @example
 * ```ts
 * const approve: ElicitationHandler = () => ({ action: 'accept', content: { approved: true } });
 * ```
 */
export type ElicitationHandler = (
  request: ElicitationRequest,
) => ElicitationAnswer | Promise<ElicitationAnswer>;

/**
 * Per-call options of {@link McpClientHandle.callTool}.
 *
 * @example
 * ```ts
 * const options: CallToolOptions = { signal: AbortSignal.timeout(5_000) };
 * ```
 */
export interface CallToolOptions {
  /** Extra `_meta` entries of the request (a W3C `traceparent`, say). */
  meta?: Record<string, unknown>;
  /** Receives each progress notification (asking for progress gives the call a token). */
  onProgress?: (update: ProgressUpdate) => void;
  /** Cancels the call: `notifications/cancelled` on 2025-11-25, a closed stream on 2026-07-28. */
  signal?: AbortSignal;
  /** Answers elicitations while this call runs; overrides the connection's `onElicit`. */
  onElicit?: ElicitationHandler;
  /** Fails the call when no response arrived in time (the SDK's default is 60 s). */
  timeoutMs?: number;
}

/**
 * A connected client, the same for both eras and every transport.
 *
 * @example
 * ```ts
 * const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
 * try { expect(await client.listTools()).toHaveLength(3); } finally { await client.close(); }
 * ```
 */
export interface McpClientHandle extends DefinitionRequests {
  /** The revision this connection speaks (checked after connecting, not just requested). */
  readonly era: ClientEra;
  /** The capabilities the server declared when the connection began, as plain JSON. */
  serverCapabilities(): Record<string, unknown>;
  /** Every tool the server lists (all pages). */
  listTools(): Promise<ListedTool[]>;
  /**
   * Calls `onChanged(list)` for each `notifications/<list>/list_changed` (tools, resources,
   * prompts) and resolves once they can arrive: on 2025-11-25 once the session can hear them
   * (over Streamable HTTP, its GET stream open), on 2026-07-28 once a `subscriptions/listen`
   * stream asking for all three is acknowledged.
   */
  listenForListChanges: ListenForListChanges;
  /**
   * Calls a tool. A tool error is a result with `isError: true`; a protocol error rejects with
   * the SDK's own error (`McpError` on 2025-11-25, `ProtocolError`/`SdkError` on 2026-07-28;
   * all carry `code`).
   */
  callTool(
    name: string,
    args?: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<CalledToolResult>;
  /**
   * Sends `logging/setLevel` (a 2025-11-25 request; a 2026-07-28 server answers -32601, and the
   * rejection carries that `code`).
   */
  setLogLevel(level: string): Promise<void>;
  /**
   * Sends a request the SDK client has no call for (an extension's `skills/list`, say) through
   * the same connection; resolves to its result as plain JSON, rejects with the SDK's error.
   */
  request(method: string, params?: Record<string, unknown>): Promise<PlainJson>;
  /** Closes the connection and, over stdio, stops the server process and its group. */
  close(): Promise<void>;
}

/**
 * A server process the client spawns (tracked, in its own process group) and talks to over
 * its stdin and stdout.
 *
 * @example
 * ```ts
 * const target: StdioTarget = { transport: 'stdio', command: process.execPath, args: ['server.js'] };
 * ```
 */
export interface StdioTarget {
  transport: 'stdio';
  command: string;
  args?: readonly string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Where the server's stderr goes; `inherit` unless told. */
  stderr?: 'inherit' | 'ignore' | 'pipe';
}

/**
 * A server listening at a URL: Streamable HTTP (`http`) or, 2025-11-25 only, legacy SSE (`sse`,
 * the URL of the event stream).
 *
 * @example
 * ```ts
 * const target: UrlTarget = { transport: 'http', url: 'http://127.0.0.1:8000/mcp' };
 * ```
 */
export interface UrlTarget {
  transport: 'http' | 'sse';
  url: string | URL;
  /** Sent with every HTTP request (e.g. `Authorization`). */
  headers?: Record<string, string>;
  /** The fetch the transport uses (one trusting a test CA, for HTTPS). */
  fetch?: typeof fetch;
}

/**
 * What {@link connectClient} needs: the era, where the server is, and optional defaults.
 * Legacy SSE exists only in the 2025-11-25 era, so the types refuse it for 2026-07-28.
 *
 * @example
 * ```ts
 * const options: ConnectClientOptions = { era: '2025-11-25', transport: 'sse', url };
 * ```
 */
export type ConnectClientOptions = ConnectionDefaults &
  (
    | ({ era: '2025-11-25' } & (StdioTarget | UrlTarget))
    | ({ era: '2026-07-28' } & (StdioTarget | (UrlTarget & { transport: 'http' })))
  );

/**
 * Options every connection takes, whatever its era and transport.
 *
 * @example
 * ```ts
 * const defaults: ConnectionDefaults = { clientName: 'e2e', onElicit: () => ({ action: 'decline' }) };
 * ```
 */
export interface ConnectionDefaults {
  /** The `clientInfo.name` the client announces; `test-client` unless told. */
  clientName?: string;
  /** Answers elicitations a call without its own `onElicit` receives; declines unless told. */
  onElicit?: ElicitationHandler;
  /** Receives every `notifications/message` the server sends on this connection, in order. */
  onLog?: (message: LogMessage) => void;
}

/**
 * One `notifications/message` the client received.
 *
 * @example
 * ```ts
 * const seen: LogMessage[] = [];
 * const client = await connectClient({ era, transport: 'http', url, onLog: (m) => seen.push(m) });
 * ```
 */
export interface LogMessage {
  level: string;
  logger?: string;
  data: unknown;
}
