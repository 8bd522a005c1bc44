import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/server';
import { isJsonContentType } from '@modelcontextprotocol/server';
import { attachRequestClosedSignal, toAuthInfo } from '../calls/call-extra.js';
import type { Logger } from '../logger.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { Authenticate } from '../options.js';
import { checkRequest, type GuardPolicy } from './http-guard.js';
import { sendJson, sendJsonRpcError } from './http-response.js';
import {
  type ObservabilityRoutes,
  type RuntimeHealth,
  serveObservability,
} from './observability-routes.js';
import { discardBody, readBody } from './read-body.js';
import { SSE_MESSAGES_PATH, SSE_STREAM_PATH, SseEndpoint } from './sse-endpoint.js';
import { StreamableHttpEndpoint, type ToolListChanges } from './streamable-http-endpoint.js';
import { serveUsage, USAGE_PATH, type UsageSource } from './usage-route.js';

/** Options of {@link createHttpRequestHandler}. */
export interface HttpRequestHandlerOptions {
  transport: 'streamable-http' | 'sse';
  /** Builds one SDK server per session (or per request when stateless). */
  createServer: () => Server;
  /** Subscribes to tool list changes (for 2026-07-28 clients). */
  onToolListChanged?: ToolListChanges | undefined;
  /** The Streamable HTTP endpoint path. */
  path: string;
  stateless: boolean;
  guard: GuardPolicy;
  maxBodyBytes: number;
  /** The most sessions open at once (Streamable HTTP and SSE). */
  maxSessions: number;
  /** Streamable HTTP sessions idle this long are closed (`0`: never). */
  sessionIdleTimeoutMs: number;
  authenticate?: Authenticate | undefined;
  /** Answers `GET /health` (the handler adds `sessions`); no health route when absent. */
  health?: RuntimeHealth | undefined;
  /** Answers `GET /metrics` (and is told how to count sessions); no metrics route when absent. */
  metrics?: ServerMetrics | undefined;
  /** Answers `GET /usage` once the request is admitted as `/mcp` ones are; no route when absent. */
  usage?: UsageSource | undefined;
  logger: Logger;
}

/**
 * Passes a request on to the next handler of a host framework (Express-style `next`).
 *
 * @example
 * ```ts
 * app.use((request, response, next: NextFunction) => handler(request, response, next));
 * ```
 */
export type NextFunction = (error?: unknown) => void;

/** A Node request listener serving the MCP endpoints, plus `close()` for shutdown. */
export interface HttpRequestHandler {
  handle(request: IncomingMessage, response: ServerResponse, next?: NextFunction): Promise<void>;
  /**
   * For a Node server's `checkContinue` event: a request that waits for `100 Continue` before
   * sending its body. One declaring a body over the limit is refused with 413 before the client
   * sends it; any other gets `100 Continue` and is handled as usual.
   */
  handleExpectContinue(request: IncomingMessage, response: ServerResponse): void;
  /** Ends every session; MCP requests are answered 503 from then on (health still answers). */
  close(): Promise<void>;
}

type Route = 'mcp' | 'sse-stream' | 'sse-message';

const ALLOWED_METHODS: Record<Route, readonly string[]> = {
  mcp: ['GET', 'POST', 'DELETE'],
  'sse-stream': ['GET'],
  'sse-message': ['POST'],
};

/**
 * Builds the HTTP side of the server: `GET /health`, `GET /metrics` and `GET /usage` (when on), the MCP endpoint(s) of the chosen transport,
 * and 404 (or `next()`) for everything else. Before an MCP request reaches the SDK it passes the
 * Host/Origin checks (403), authentication (401), the content-type check (415) and the body size
 * limit (413, counted while streaming); nothing runs for a refused request.
 */
export function createHttpRequestHandler(options: HttpRequestHandlerOptions): HttpRequestHandler {
  return new McpHttpHandler(options);
}

class McpHttpHandler implements HttpRequestHandler {
  readonly #options: HttpRequestHandlerOptions;
  readonly #streamable: StreamableHttpEndpoint | undefined;
  readonly #sse: SseEndpoint | undefined;
  readonly #observability: ObservabilityRoutes;
  #accepting = true;

  constructor(options: HttpRequestHandlerOptions) {
    this.#options = options;
    const { createServer, maxSessions, logger } = options;
    this.#streamable =
      options.transport === 'streamable-http'
        ? new StreamableHttpEndpoint({
            createServer,
            onToolListChanged: options.onToolListChanged,
            stateless: options.stateless,
            maxBodyBytes: options.maxBodyBytes,
            maxSessions,
            sessionIdleTimeoutMs: options.sessionIdleTimeoutMs,
            logger,
          })
        : undefined;
    this.#sse =
      options.transport === 'sse'
        ? new SseEndpoint({ createServer, maxSessions, logger })
        : undefined;
    const sessions = () => (this.#streamable?.sessionCount ?? 0) + (this.#sse?.sessionCount ?? 0);
    options.metrics?.countSessionsWith(sessions);
    this.#observability = {
      health: options.health,
      metrics: options.metrics,
      sessions,
      guard: options.guard,
      logger,
    };
  }

  handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    next?: NextFunction,
  ): Promise<void> => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (await serveObservability(request, response, url.pathname, this.#observability)) return;
      const usage = url.pathname === USAGE_PATH ? this.#options.usage : undefined;
      if (usage)
        return serveUsage(request, response, usage, () => admit(request, response, this.#options));
      const route = matchRoute(this.#options, url.pathname);
      if (route === undefined) {
        if (next) next();
        else sendJson(response, 404, { error: 'Not found', path: url.pathname });
        return;
      }
      if (this.#refuseMethodOrShutdown(route, request, response)) return;
      await this.#dispatch(route, request, response, url);
    } catch (error) {
      this.#options.logger.error({ err: error, url: request.url }, 'HTTP request failed');
      sendJsonRpcError(response, 500, 'Internal server error');
    }
  };

  handleExpectContinue = (request: IncomingMessage, response: ServerResponse): void => {
    if (Number(request.headers['content-length']) > this.#options.maxBodyBytes) {
      refuseTooLarge(response, this.#options.maxBodyBytes);
      return;
    }
    response.writeContinue();
    void this.handle(request, response);
  };

  async close(): Promise<void> {
    this.#accepting = false;
    await Promise.allSettled([this.#streamable?.close(), this.#sse?.close()]);
  }

  #refuseMethodOrShutdown(
    route: Route,
    request: IncomingMessage,
    response: ServerResponse,
  ): boolean {
    if (!ALLOWED_METHODS[route].includes(request.method ?? '')) {
      sendJsonRpcError(response, 405, 'Method not allowed.', {
        allow: ALLOWED_METHODS[route].join(', '),
      });
      return true;
    }
    if (!this.#accepting) {
      sendJsonRpcError(response, 503, 'Server is shutting down', { connection: 'close' });
      return true;
    }
    return false;
  }

  async #dispatch(
    route: Route,
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<void> {
    if (!(await admit(request, response, this.#options))) return;
    let body: unknown;
    if (request.method === 'POST') {
      const parsed = await readJsonBody(request, response, this.#options.maxBodyBytes);
      if (!parsed.ok) return;
      body = parsed.body;
    }
    if (route === 'mcp') {
      if (request.method === 'POST') watchRequestClosed(request, response);
      return this.#streamable?.handle(request, response, body);
    }
    if (route === 'sse-stream') return this.#sse?.openStream(response);
    return this.#sse?.postMessage(request, response, url.searchParams.get('sessionId'), body);
  }
}

/**
 * Aborts the calls a POST carries when the client closes it before their answers were written:
 * no answer can reach the client on that request any more. (A closed connection alone does not
 * cancel anything in MCP; a closed request whose answer is lost does.)
 */
function watchRequestClosed(request: IncomingMessage, response: ServerResponse): void {
  const closed = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) {
      closed.abort(new Error('The client closed the request before its answer'));
    }
  });
  attachRequestClosedSignal(request, closed.signal);
}

function matchRoute(options: HttpRequestHandlerOptions, pathname: string): Route | undefined {
  if (options.transport === 'streamable-http') {
    return pathname === options.path ? 'mcp' : undefined;
  }
  if (pathname === SSE_STREAM_PATH) return 'sse-stream';
  if (pathname === SSE_MESSAGES_PATH) return 'sse-message';
  return undefined;
}

/** Host/Origin checks, then authentication. Answers the refusal itself; `false` = refused. */
async function admit(
  request: IncomingMessage,
  response: ServerResponse,
  options: HttpRequestHandlerOptions,
): Promise<boolean> {
  const refusal = checkRequest(request, options.guard);
  if (refusal) {
    options.logger.warn(
      { host: request.headers.host, origin: request.headers.origin },
      `Refused HTTP request: ${refusal.message}`,
    );
    sendJsonRpcError(response, refusal.status, refusal.message);
    return false;
  }
  if (options.authenticate === undefined) return true;
  let identity: Awaited<ReturnType<Authenticate>>;
  try {
    identity = await options.authenticate(request);
  } catch (error) {
    options.logger.warn({ err: error }, 'authenticate() failed; request refused');
    identity = null;
  }
  if (!identity) {
    sendJsonRpcError(response, 401, 'Unauthorized');
    return false;
  }
  // The SDK hands `request.auth` to every request handler as `extra.authInfo`.
  (request as IncomingMessage & { auth?: unknown }).auth = toAuthInfo(identity);
  return true;
}

function refuseTooLarge(response: ServerResponse, maxBodyBytes: number): void {
  sendJsonRpcError(
    response,
    413,
    `Payload Too Large: Request body must not exceed ${maxBodyBytes} bytes`,
    { connection: 'close' },
  );
}

async function readJsonBody(
  request: IncomingMessage,
  response: ServerResponse,
  maxBodyBytes: number,
): Promise<{ ok: true; body: unknown } | { ok: false }> {
  if (!isJsonContentType(request.headers['content-type'])) {
    sendJsonRpcError(
      response,
      415,
      'Unsupported Media Type: Content-Type must be application/json',
    );
    return { ok: false };
  }
  const read = await readBody(request, maxBodyBytes);
  if (read.tooLarge) {
    // Read the rest first: closed with unread bytes, the socket would reset and the client,
    // still writing its body, would see a broken pipe instead of this answer.
    const drained = await discardBody(request);
    refuseTooLarge(response, maxBodyBytes);
    if (!drained) response.once('finish', () => request.socket.destroy());
    return { ok: false };
  }
  try {
    return { ok: true, body: JSON.parse(read.text) };
  } catch {
    sendJson(response, 400, {
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: Invalid JSON' },
      id: null,
    });
    return { ok: false };
  }
}
