import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord } from '@apcore-mcp/core/bridge';
import { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, type RequestId, type Server } from '@modelcontextprotocol/server';
import { sendJsonRpcError, sendSessionNotFound } from '../kernel/http-response.js';
import type { Logger } from '../kernel/logger.js';
import type { SdkServerFactory } from '../kernel/sdk-server-factory.js';
import { revisionOfHttpRequest } from '../revisions/http-request-revision.js';
import { ModernLane, type ModernLaneOptions } from './modern-lane.js';
import { watchRequestClosed } from './request-closed-watch.js';
import { requestIdOf } from './request-id.js';
import { SessionEventLog, SSE_RETRY_MS } from './session-event-log.js';
import { mintSessionId } from './session-id.js';
import { IdleWatch, SessionCap } from './session-limits.js';
import { mayUseSession, type SessionOwner, sessionOwnerOf } from './session-owner.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** Stateful sessions only: what a broken event stream of the session may resume from. */
  events?: SessionEventLog;
  /** The subject that opened it: the only one that may use it. */
  owner?: SessionOwner;
  /** Stateful sessions only: ends the session once nothing of it is open for a while. */
  idle?: IdleWatch;
}

/** Options of {@link StreamableHttpEndpoint}: its sessions', and its 2026-07-28 lane's. */
export interface StreamableHttpEndpointOptions extends ModernLaneOptions {
  stateless: boolean;
  /** The most sessions open at once; a new one over it gets 503. */
  maxSessions: number;
  /** A session without a request or open stream for this long is closed (`0`: never). */
  sessionIdleTimeoutMs: number;
  /** Leads every session id, for a load balancer to route on; none when absent. */
  instanceId?: string | undefined;
}

/**
 * The Streamable HTTP endpoint, for both protocol revisions. A 2026-07-28 request (it carries
 * its own `_meta` envelope) is served on its own ({@link ModernLane}); 2025-11-25 traffic is
 * served as follows. A session's POST event streams open with the priming event and are
 * resumable (its transport gets a {@link SessionEventLog}), and carry a keep-alive comment each
 * `sseKeepAliveMs`. A low-level SDK `Server` serves one transport, so in stateful mode every
 * session (created by an `initialize` POST, named by the `Mcp-Session-Id` header, which starts
 * with `instanceId` when given; ended by `DELETE`, or closed after `sessionIdleTimeoutMs`
 * without a request or an open stream) gets its own transport and server, all built by
 * `createServer` over the same tool table; at most `maxSessions` are open at once. In
 * stateless mode every POST gets a fresh pair that lives for that request.
 */
export class StreamableHttpEndpoint {
  readonly #createServer: SdkServerFactory;
  readonly #stateless: boolean;
  readonly #logger: Logger;
  readonly #sessions = new Map<string, Session>();
  readonly #pending = new Set<Session>();
  readonly #cap: SessionCap;
  readonly #idleTimeoutMs: number;
  readonly #instanceId: string | undefined;
  readonly #keepAliveMs: number;
  /** Serves 2026-07-28 requests, each on its own. */
  readonly #modern: ModernLane;

  constructor(options: StreamableHttpEndpointOptions) {
    this.#createServer = options.createServer;
    this.#stateless = options.stateless;
    this.#logger = options.logger;
    this.#cap = new SessionCap(options.maxSessions, options.logger);
    this.#idleTimeoutMs = options.sessionIdleTimeoutMs;
    this.#instanceId = options.instanceId;
    this.#keepAliveMs = options.sseKeepAliveMs;
    this.#modern = new ModernLane(options);
  }

  /** Live sessions (stateful mode). */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** Serves one request; `body` is the already read and parsed JSON of a POST. */
  async handle(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    // A request of a revision without sessions is served on its own, by a server of its own.
    if (!revisionOfHttpRequest(request, body).sessions) {
      return this.#modern.serve(request, response, body);
    }
    // A 2026-07-28 request needs no watch: the SDK's adapter closes the request's own server
    // when its response closes, which aborts its calls. A session's server outlives the POST.
    if (request.method === 'POST') watchRequestClosed(request, response);
    if (this.#stateless) return this.#handleStateless(request, response, body);
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string' && sessionId !== '') {
      const session = this.#sessions.get(sessionId);
      if (session === undefined || !mayUseSession(request, session.owner, this.#logger)) {
        sendSessionNotFound(response);
        return;
      }
      session.idle?.track(response);
      forgetWhenDelivered(session.events, response, body);
      return session.transport.handleRequest(request, response, body);
    }
    if (request.method === 'POST' && isInitialization(body)) {
      const open = this.#sessions.size + this.#pending.size;
      if (!this.#cap.admit(open, response, requestIdOf(body))) return;
      return this.#startSession(request, response, body);
    }
    sendJsonRpcError(response, 400, 'Bad Request: Mcp-Session-Id header is required');
  }

  /** Ends every session (their transports close and their servers with them) and every 2026 exchange. */
  async close(): Promise<void> {
    await this.#modern.close();
    const sessions = [...this.#sessions.values(), ...this.#pending];
    this.#sessions.clear();
    this.#pending.clear();
    for (const session of sessions) session.idle?.stop();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
  }

  async #startSession(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const server = this.#createServer();
    const events = new SessionEventLog();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => mintSessionId(this.#instanceId),
      // With an event store the SDK opens each POST event stream with the priming event of
      // SEP-1699 (an id, empty data, `retry:`) and replays a stream on GET with Last-Event-ID.
      eventStore: events,
      retryInterval: SSE_RETRY_MS,
      keepAliveMs: this.#keepAliveMs,
      onsessioninitialized: (sessionId) => {
        this.#pending.delete(session);
        this.#sessions.set(sessionId, session);
        session.idle = new IdleWatch(this.#idleTimeoutMs, () => this.#expire(sessionId));
        session.idle.track(response);
        this.#logger.debug({ sessionId }, 'MCP session started');
      },
    });
    const session: Session = { transport, server, events, owner: sessionOwnerOf(request) };
    transport.onclose = () => {
      session.idle?.stop();
      const sessionId = transport.sessionId;
      if (sessionId !== undefined && this.#sessions.delete(sessionId)) {
        this.#logger.debug({ sessionId }, 'MCP session ended');
      }
    };
    this.#pending.add(session);
    forgetWhenDelivered(events, response, body);
    await server.connect(transport);
    try {
      await transport.handleRequest(request, response, body);
    } finally {
      if (transport.sessionId === undefined || !this.#sessions.has(transport.sessionId)) {
        // The initialize request was refused: nothing will ever address this pair again.
        this.#pending.delete(session);
        if (transport.sessionId === undefined) await server.close();
      }
    }
  }

  #expire(sessionId: string): void {
    const session = this.#sessions.get(sessionId);
    if (session === undefined) return;
    this.#logger.debug(
      { sessionId, idleTimeoutMs: this.#idleTimeoutMs },
      'MCP session expired: no request and no open stream',
    );
    // Closing the server closes the transport, whose onclose forgets the session.
    void session.server.close();
  }

  async #handleStateless(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    if (request.method !== 'POST') {
      sendJsonRpcError(response, 405, 'Method not allowed: stateless server accepts POST only', {
        allow: 'POST',
      });
      return;
    }
    const server = this.#createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      keepAliveMs: this.#keepAliveMs,
    });
    const session: Session = { transport, server };
    this.#pending.add(session);
    response.on('close', () => {
      this.#pending.delete(session);
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  }
}

/**
 * Once `response` (a POST's event stream) has ended with everything written, the session's log
 * drops that stream's events: only a stream that broke is ever resumed. Kept until the session
 * ended (up to 100 a session), they held 2.8 MiB of heap across 100 open sessions of 30 calls
 * each, 28 KiB a session (`bench/README.md`, "Where a 2025-11-25 call goes").
 */
function forgetWhenDelivered(
  events: SessionEventLog | undefined,
  response: ServerResponse,
  body: unknown,
): void {
  const requestIds = requestIdsOf(body);
  if (events === undefined || requestIds.length === 0) return;
  response.once('finish', () => events.forgetStreamsAnswering(requestIds));
}

/** The ids of the JSON-RPC requests of a POST body (one message or a batch). */
function requestIdsOf(body: unknown): RequestId[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    if (!isRecord(message) || typeof message.method !== 'string') return [];
    const { id } = message;
    return typeof id === 'string' || typeof id === 'number' ? [id] : [];
  });
}

function isInitialization(body: unknown): boolean {
  return Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
}
