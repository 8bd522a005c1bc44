import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  type McpHttpHandler,
  type McpRequestContext,
  type Server,
} from '@modelcontextprotocol/server';
import type { Logger } from '../kernel/logger.js';
import type { SdkServerFactory } from '../kernel/sdk-server-factory.js';
import { type ListenStreamBounds, ListenStreamShare } from './listen-stream-share.js';
import { carriesOwnHeartbeat } from './own-heartbeat-methods.js';
import { type ListedTool, refuseParamHeaderMismatch } from './param-header-gate.js';
import { streamQuietAnswers } from './quiet-answer-stream.js';
import type { ServerChanges } from './server-changes.js';

/** Options of {@link ModernLane}; the bounds are those of its `subscriptions/listen` streams. */
export interface ModernLaneOptions extends ListenStreamBounds {
  createServer: SdkServerFactory;
  /** What is published to the `subscriptions/listen` streams. */
  changes?: ServerChanges | undefined;
  /** The body limit the HTTP layer already enforced; the SDK's handler is told the same. */
  maxBodyBytes: number;
  /** How often a quiet event stream carries a keep-alive comment (`0`: never). */
  sseKeepAliveMs: number;
  /** Where a `tools/call` finds the `x-mcp-header`s its `Mcp-Param-*` must match. */
  listedTool: ListedTool;
  logger: Logger;
}

/**
 * The 2026-07-28 side of the Streamable HTTP endpoint: every request stands alone and goes to
 * the SDK's per-request handler, which builds a server for it, once its `Mcp-Param-*` headers
 * matched its arguments (else 400, `-32020`). Every event stream carries a keep-alive comment
 * each `sseKeepAliveMs` (but one that heartbeats on its own, {@link carriesOwnHeartbeat}), and
 * an answer not begun by then turns into one ({@link streamQuietAnswers}). Changes of the
 * served lists are published to the `subscriptions/listen` streams.
 *
 * @example
 * ```ts
 * const lane = new ModernLane({ createServer, maxBodyBytes, sseKeepAliveMs, listedTool, logger, ...bounds });
 * await lane.serve(request, response, body);
 * ```
 */
export class ModernLane {
  readonly #createServer: SdkServerFactory;
  readonly #logger: Logger;
  readonly #listedTool: ListedTool;
  readonly #listenStreams: ListenStreamShare;
  readonly #handler: McpHttpHandler;
  readonly #serve: ReturnType<typeof toNodeHandler>;
  /** Serves the requests that heartbeat on their own stream: no keep-alive comments. */
  readonly #ownHeartbeat: McpHttpHandler;
  readonly #serveOwnHeartbeat: ReturnType<typeof toNodeHandler>;
  readonly #unsubscribe: (() => void)[];

  constructor(options: ModernLaneOptions) {
    this.#createServer = options.createServer;
    this.#logger = options.logger;
    this.#listedTool = options.listedTool;
    this.#listenStreams = new ListenStreamShare(options, options.logger);
    const onerror = (error: Error): void =>
      this.#logger.debug({ err: error }, 'MCP 2026-07-28 request refused or failed');
    const maxRequestBodySize = options.maxBodyBytes;
    const keepAliveMs = options.sseKeepAliveMs;
    const handlerOptions = { legacy: 'reject', maxRequestBodySize, onerror } as const;
    this.#handler = createMcpHandler(this.#createRequestServer, {
      ...handlerOptions,
      keepAliveMs,
    });
    this.#serve = toNodeHandler(
      { fetch: streamQuietAnswers(this.#handler.fetch, keepAliveMs) },
      { maxRequestBodySize, onerror },
    );
    this.#ownHeartbeat = createMcpHandler(this.#createRequestServer, {
      ...handlerOptions,
      keepAliveMs: 0,
    });
    this.#serveOwnHeartbeat = toNodeHandler(this.#ownHeartbeat, { maxRequestBodySize, onerror });
    this.#unsubscribe = publishChanges(options.changes ?? {}, this.#handler.notify);
  }

  /**
   * The server of one request, answering its method alone: the SDK has checked that the
   * `Mcp-Method` header names the body's method before it asks for a server. (Registering
   * every handler was a fifth of what a call allocated beyond a hand-written server's.)
   */
  readonly #createRequestServer = ({ requestInfo }: McpRequestContext): Server =>
    this.#createServer(requestInfo?.headers.get('mcp-method') ?? undefined);

  /** Serves one request; `body` is the already read and parsed JSON of a POST. */
  async serve(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    const exchange = { request, response, body, listedTool: this.#listedTool };
    if (refuseParamHeaderMismatch({ ...exchange, logger: this.#logger })) return;
    if (!this.#listenStreams.admit(request, response, body)) return;
    const serve = carriesOwnHeartbeat(body) ? this.#serveOwnHeartbeat : this.#serve;
    return serve(request, response, body);
  }

  /** Stops publishing, and ends every exchange still in flight. */
  async close(): Promise<void> {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    await Promise.all([this.#handler.close(), this.#ownHeartbeat.close()]);
  }
}

/** Publishes each change to the streams that opted in to it; returns the unsubscribes. */
function publishChanges(changes: ServerChanges, notify: McpHttpHandler['notify']): (() => void)[] {
  return [
    changes.onToolListChanged?.(() => notify.toolsChanged()),
    changes.onResourceUpdated?.((uri) => notify.resourceUpdated(uri)),
    changes.onDefinitionListChanged?.((list) =>
      list === 'prompts' ? notify.promptsChanged() : notify.resourcesChanged(),
    ),
  ].filter((unsubscribe) => unsubscribe !== undefined);
}
