import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/server';
import type { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';
import { sendJsonRpcError, sendSessionNotFound } from '../kernel/http-response.js';
import type { Logger } from '../kernel/logger.js';
import { SessionCap } from './session-limits.js';
import { mayUseSession, type SessionOwner, sessionOwnerOf } from './session-owner.js';
import { keepEventStreamAlive } from './sse-keep-alive.js';

/** Where the legacy SSE transport opens its stream. */
export const SSE_STREAM_PATH = '/sse';

/** Where clients of the legacy SSE transport post their messages (`?sessionId=`). */
export const SSE_MESSAGES_PATH = '/messages';

interface Session {
  transport: SSEServerTransport;
  server: Server;
  /** The subject that opened the stream: the only one that may post to it. */
  owner: SessionOwner;
}

/**
 * The legacy (deprecated) HTTP+SSE endpoint: `GET /sse` opens a session's event stream and
 * announces `POST /messages?sessionId=...`, where the client sends its messages; a quiet stream
 * carries a keep-alive comment every `sseKeepAliveMs`. Each session has
 * its own SDK transport and server, and belongs to the authenticated subject that opened it: a
 * post of another subject is answered 404, as if the session did not exist (the id travels in
 * the URL, so it may reach access logs; it is no use to anyone else).
 */
export class SseEndpoint {
  readonly #createServer: () => Server;
  readonly #logger: Logger;
  readonly #sessions = new Map<string, Session>();
  readonly #cap: SessionCap;
  readonly #keepAliveMs: number;

  constructor(options: {
    createServer: () => Server;
    maxSessions: number;
    /** How often the quiet event stream of a session carries a keep-alive comment (`0`: never). */
    sseKeepAliveMs: number;
    logger: Logger;
  }) {
    this.#createServer = options.createServer;
    this.#logger = options.logger;
    this.#cap = new SessionCap(options.maxSessions, options.logger);
    this.#keepAliveMs = options.sseKeepAliveMs;
  }

  /** Live SSE sessions. */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /**
   * Opens a session's event stream (`GET /sse`), or answers 503 when `maxSessions` are open. A
   * session lives as long as its stream, so it needs no idle timeout.
   */
  async openStream(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Loaded with the first session: a server on another transport never needs it.
    const { SSEServerTransport } = await import('@modelcontextprotocol/server-legacy/sse');
    // Counted after the import and before the session is added, with no await between.
    if (!this.#cap.admit(this.#sessions.size, response)) return;
    const transport = new SSEServerTransport(SSE_MESSAGES_PATH, response);
    const server = this.#createServer();
    const sessionId = transport.sessionId;
    this.#sessions.set(sessionId, { transport, server, owner: sessionOwnerOf(request) });
    transport.onclose = () => {
      if (this.#sessions.delete(sessionId)) {
        this.#logger.debug({ sessionId }, 'SSE session ended');
      }
    };
    await server.connect(transport);
    keepEventStreamAlive(response, this.#keepAliveMs);
    this.#logger.debug({ sessionId }, 'SSE session started');
  }

  /** Delivers one posted message (`POST /messages?sessionId=`); `body` is its parsed JSON. */
  async postMessage(
    request: IncomingMessage,
    response: ServerResponse,
    sessionId: string | null,
    body: unknown,
  ): Promise<void> {
    if (sessionId === null || sessionId === '') {
      sendJsonRpcError(response, 400, 'Bad Request: sessionId query parameter is required');
      return;
    }
    const session = this.#sessions.get(sessionId);
    if (session === undefined || !mayUseSession(request, session.owner, this.#logger)) {
      sendSessionNotFound(response);
      return;
    }
    await session.transport.handlePostMessage(request, response, body);
  }

  /** Ends every session and its event stream. */
  async close(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
  }
}
