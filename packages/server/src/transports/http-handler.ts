import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/server';
import { isMetadataPath, serveProtectedResourceMetadata } from '../auth/protected-resource.js';
import { attachRequestClosedSignal } from '../kernel/call-extra.js';
import { sendJson, sendJsonRpcError } from '../kernel/http-response.js';
import type { Logger } from '../kernel/logger.js';
import { applyCors } from './cors.js';
import { type AdmissionPolicy, admit, authenticateRequest } from './http-admission.js';
import type { HttpEndpointOptions } from './http-transport-options.js';
import { InspectorRoutes } from './inspector-routes.js';
import { type ObservabilityRoutes, serveObservability } from './observability-routes.js';
import { readJsonBody, refuseTooLarge } from './read-json-body.js';
import { SSE_MESSAGES_PATH, SSE_STREAM_PATH, SseEndpoint } from './sse-endpoint.js';
import { StreamableHttpEndpoint } from './streamable-http-endpoint.js';
import { serveUsage, USAGE_PATH } from './usage-route.js';

/** Options of {@link createHttpRequestHandler}. */
export interface HttpRequestHandlerOptions extends HttpEndpointOptions {
  transport: 'streamable-http' | 'sse';
  /** Builds one SDK server per session (or per request when stateless). */
  createServer: () => Server;
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
 * Builds the HTTP side of the server: `GET /health`, `GET /metrics`, `GET /usage` and the
 * inspector page (when on), the protected resource metadata (under `auth`), the MCP endpoint(s)
 * of the chosen transport, and 404 (or `next()`) for everything else; CORS preflights of those paths are answered first. Before an
 * MCP request reaches the SDK it passes the Host/Origin checks (403), authentication (401/403),
 * the content-type check (415), the body size limit (413, counted while streaming) and the JSON
 * nesting limits (400); nothing runs for a refused request.
 */
export function createHttpRequestHandler(options: HttpRequestHandlerOptions): HttpRequestHandler {
  return new McpHttpHandler(options);
}

class McpHttpHandler implements HttpRequestHandler {
  readonly #options: HttpRequestHandlerOptions;
  readonly #streamable: StreamableHttpEndpoint | undefined;
  readonly #sse: SseEndpoint | undefined;
  readonly #observability: ObservabilityRoutes;
  readonly #admission: AdmissionPolicy;
  readonly #inspector: InspectorRoutes | undefined;
  /** The resource the endpoint is (`path`, or `/sse`): what tokens and metadata are for. */
  readonly #endpointPath: string;
  #accepting = true;

  constructor(options: HttpRequestHandlerOptions) {
    this.#options = options;
    const { logger } = options;
    // Each endpoint reads its own options among the handler's.
    this.#streamable =
      options.transport === 'streamable-http' ? new StreamableHttpEndpoint(options) : undefined;
    this.#sse = options.transport === 'sse' ? new SseEndpoint(options) : undefined;
    const sessions = () => (this.#streamable?.sessionCount ?? 0) + (this.#sse?.sessionCount ?? 0);
    options.metrics?.countSessionsWith(sessions);
    this.#endpointPath = options.transport === 'sse' ? SSE_STREAM_PATH : options.path;
    this.#inspector =
      options.inspector &&
      new InspectorRoutes({
        inspector: options.inspector,
        guard: options.guard,
        logger,
        endpointPath: this.#endpointPath,
        transport: options.transport,
        authRequired: options.bearer !== undefined || options.authenticate !== undefined,
        notServed: options.notServed,
      });
    this.#admission = {
      guard: options.guard,
      authenticate: options.authenticate,
      bearer: options.bearer,
      logger,
    };
    const { bearer } = options;
    this.#observability = {
      health: options.health,
      metrics: options.metrics,
      sessions,
      guard: options.guard,
      logger,
      ...(bearer?.options.protectMetrics === true
        ? {
            authorizeMetrics: (request, response) =>
              authenticateRequest(request, response, this.#admission, this.#endpointPath),
          }
        : {}),
    };
  }

  handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    next?: NextFunction,
  ): Promise<void> => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const { pathname } = url;
      const route = matchRoute(this.#options, pathname);
      if (route === undefined && !this.#servesOtherPath(pathname)) {
        if (next) next();
        else sendJson(response, 404, { error: 'Not found', path: pathname });
        return;
      }
      if (this.#options.cors && applyCors(request, response, this.#options.cors)) return;
      if (await serveObservability(request, response, pathname, this.#observability)) return;
      if (this.#serveMetadata(request, response, pathname)) return;
      if (this.#inspector?.owns(pathname))
        return this.#inspector.serve(request, response, pathname);
      const usage = pathname === USAGE_PATH ? this.#options.usage : undefined;
      if (usage) {
        const admitUsage = () => admit(request, response, this.#admission, this.#endpointPath);
        return serveUsage(request, response, usage, admitUsage);
      }
      if (route === undefined) {
        sendJson(response, 404, { error: 'Not found', path: pathname });
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

  /**
   * `/health`, `/metrics`, `/usage` and the inspector (when on) and, under `auth`, the protected
   * resource metadata.
   */
  #servesOtherPath(pathname: string): boolean {
    if (pathname === '/health' || pathname === '/metrics') return true;
    if (pathname === USAGE_PATH && this.#options.usage !== undefined) return true;
    if (this.#inspector?.owns(pathname)) return true;
    const auth = this.#options.bearer?.options;
    return auth !== undefined && isMetadataPath(pathname, this.#endpointPath, auth);
  }

  #serveMetadata(request: IncomingMessage, response: ServerResponse, pathname: string): boolean {
    const auth = this.#options.bearer?.options;
    if (auth === undefined) return false;
    return serveProtectedResourceMetadata(request, response, pathname, this.#endpointPath, auth);
  }

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
    if (!(await admit(request, response, this.#admission, this.#endpointPath))) return;
    this.#inspector?.markRequest(request);
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
    if (route === 'sse-stream') return this.#sse?.openStream(request, response);
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
