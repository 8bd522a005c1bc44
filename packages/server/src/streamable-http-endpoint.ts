import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { sendJson, sendJsonRpcError } from './http-response.js';
import type { Logger } from './logger.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
}

/**
 * The Streamable HTTP endpoint. A low-level SDK `Server` serves one transport, so in stateful
 * mode every session (created by an `initialize` POST, named by the `Mcp-Session-Id` header,
 * ended by `DELETE`) gets its own transport and server, all built by `createServer` over the
 * same tool table. In stateless mode every POST gets a fresh pair that lives for that request.
 */
export class StreamableHttpEndpoint {
  readonly #createServer: () => Server;
  readonly #stateless: boolean;
  readonly #logger: Logger;
  readonly #sessions = new Map<string, Session>();
  readonly #pending = new Set<Session>();

  constructor(options: { createServer: () => Server; stateless: boolean; logger: Logger }) {
    this.#createServer = options.createServer;
    this.#stateless = options.stateless;
    this.#logger = options.logger;
  }

  /** Live sessions (stateful mode). */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** Serves one request; `body` is the already read and parsed JSON of a POST. */
  async handle(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    if (this.#stateless) return this.#handleStateless(request, response, body);
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string' && sessionId !== '') {
      const session = this.#sessions.get(sessionId);
      if (session === undefined) {
        sendJson(response, 404, {
          jsonrpc: '2.0',
          error: { code: -32001, message: 'Session not found' },
          id: null,
        });
        return;
      }
      return session.transport.handleRequest(request, response, body);
    }
    if (request.method === 'POST' && isInitialization(body)) {
      return this.#startSession(request, response, body);
    }
    sendJsonRpcError(response, 400, 'Bad Request: Mcp-Session-Id header is required');
  }

  /** Ends every session: their transports close and their servers with them. */
  async close(): Promise<void> {
    const sessions = [...this.#sessions.values(), ...this.#pending];
    this.#sessions.clear();
    this.#pending.clear();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
  }

  async #startSession(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const server = this.#createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        this.#pending.delete(session);
        this.#sessions.set(sessionId, session);
        this.#logger.debug({ sessionId }, 'MCP session started');
      },
    });
    const session: Session = { transport, server };
    transport.onclose = () => {
      const sessionId = transport.sessionId;
      if (sessionId !== undefined && this.#sessions.delete(sessionId)) {
        this.#logger.debug({ sessionId }, 'MCP session ended');
      }
    };
    this.#pending.add(session);
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
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
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

function isInitialization(body: unknown): boolean {
  return Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
}
