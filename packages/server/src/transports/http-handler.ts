import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sendJsonRpcError } from '../kernel/http-response.js';
import type { HttpExchange, HttpRoute } from '../kernel/http-route.js';
import type { Logger } from '../kernel/logger.js';
import type { SdkServerFactory } from '../kernel/sdk-server-factory.js';
import { applyCors } from './cors.js';
import { frameRoutes } from './frame-routes.js';
import { type AdmissionPolicy, admit, passGuard } from './http-admission.js';
import type { HttpEndpointOptions } from './http-transport-options.js';
import { readJsonBody, refuseTooLarge } from './read-json-body.js';
import { SSE_MESSAGES_PATH, SSE_STREAM_PATH, SseEndpoint } from './sse-endpoint.js';
import { StreamableHttpEndpoint } from './streamable-http-endpoint.js';

/** Options of {@link createHttpRequestHandler}. */
export interface HttpRequestHandlerOptions extends HttpEndpointOptions {
  transport: 'streamable-http' | 'sse';
  /** Builds one SDK server per session (or per request when stateless or 2026-07-28). */
  createServer: SdkServerFactory;
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

/** A request on its way through the guards: which route owns it, if any. */
interface Passage extends HttpExchange {
  /** The MCP endpoint route the path names, if it names one. */
  readonly endpoint: Route | undefined;
  /** The first route that owns the path, if any. */
  readonly route: HttpRoute | undefined;
  readonly next: NextFunction | undefined;
}

/**
 * One step of the HTTP side: it answers the request itself (`true`), or lets the next step
 * have it (`false`). The handler is the ordered list of them, as the SDK's middleware is.
 */
type HttpGuard = (passage: Passage) => boolean | Promise<boolean>;

/**
 * Builds the HTTP side of the server: `GET /health`, the protected resource metadata (under
 * `auth`), the features' routes (`GET /metrics`, `GET /usage`, the inspector's page, the
 * Server Card...), the MCP endpoint(s) of the chosen transport, and 404 (or `next()`) for everything
 * else; CORS preflights of those paths are answered first. Before an MCP request reaches the
 * SDK it passes the Host/Origin checks (403), authentication (401/403), the content-type check
 * (415), the body size limit (413, counted while streaming) and the JSON nesting limits (400);
 * nothing runs for a refused request.
 */
export function createHttpRequestHandler(options: HttpRequestHandlerOptions): HttpRequestHandler {
  return new McpHttpHandler(options);
}

class McpHttpHandler implements HttpRequestHandler {
  readonly #options: HttpRequestHandlerOptions;
  readonly #streamable: StreamableHttpEndpoint | undefined;
  readonly #sse: SseEndpoint | undefined;
  readonly #admission: AdmissionPolicy;
  /** The resource the endpoint is (`path`, or `/sse`): what tokens and metadata are for. */
  readonly #endpointPath: string;
  readonly #routes: readonly HttpRoute[];
  /** What happens to a request, in order: the first guard that answers it ends its way. */
  readonly #guards: readonly HttpGuard[];
  #accepting = true;

  constructor(options: HttpRequestHandlerOptions) {
    this.#options = options;
    const { logger } = options;
    // Each endpoint reads its own options among the handler's.
    this.#streamable =
      options.transport === 'streamable-http' ? new StreamableHttpEndpoint(options) : undefined;
    this.#sse = options.transport === 'sse' ? new SseEndpoint(options) : undefined;
    const sessions = () => (this.#streamable?.sessionCount ?? 0) + (this.#sse?.sessionCount ?? 0);
    options.countSessionsWith?.(sessions);
    this.#endpointPath = options.transport === 'sse' ? SSE_STREAM_PATH : options.path;
    this.#admission = { guard: options.guard, authenticator: options.authenticator, logger };
    this.#routes = [...frameRoutes(options, { sessions }), ...(options.routes ?? [])];
    this.#guards = [
      answerUnknownPath, // 404, or the host's next(): a path nobody here serves
      this.#applyCors, // preflights, and the CORS headers of the answer
      serveRoute, // /health, metadata, then the features' routes (/metrics, /usage...)
      this.#refuseMethodOrShutdown, // 405; 503 once closing
      this.#serveEndpoint, // admission, body limits, then the SDK transport
    ];
  }

  handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    next?: NextFunction,
  ): Promise<void> => {
    try {
      const passage = this.#passageOf(request, response, next);
      for (const guard of this.#guards) {
        if (await guard(passage)) return;
      }
    } catch (error) {
      this.#options.logger.error({ err: error, url: request.url }, 'HTTP request failed');
      sendJsonRpcError(response, 500, 'Internal server error');
    }
  };

  #passageOf(
    request: IncomingMessage,
    response: ServerResponse,
    next: NextFunction | undefined,
  ): Passage {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const { pathname } = url;
    const admission = this.#admission;
    const endpointPath = this.#endpointPath;
    return {
      request,
      response,
      url,
      next,
      endpoint: matchRoute(this.#options, pathname),
      route: this.#routes.find((route) => route.owns(pathname)),
      passGuard: (what, checks) => passGuard(request, response, admission, what, checks),
      admit: () => admit(request, response, admission, endpointPath),
    };
  }

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

  readonly #applyCors: HttpGuard = ({ request, response, route }) => {
    const { cors } = this.#options;
    if (cors === undefined || route?.cors === 'public') return false;
    return applyCors(request, response, cors);
  };

  readonly #refuseMethodOrShutdown: HttpGuard = ({ request, response, endpoint }) => {
    if (endpoint === undefined) return false;
    if (!ALLOWED_METHODS[endpoint].includes(request.method ?? '')) {
      sendJsonRpcError(response, 405, 'Method not allowed.', {
        allow: ALLOWED_METHODS[endpoint].join(', '),
      });
      return true;
    }
    if (!this.#accepting) {
      sendJsonRpcError(response, 503, 'Server is shutting down', { connection: 'close' });
      return true;
    }
    return false;
  };

  readonly #serveEndpoint: HttpGuard = async (passage) => {
    const { request, response, url, endpoint } = passage;
    if (endpoint === undefined || !(await passage.admit())) return true;
    this.#options.onAdmittedRequest?.(request);
    let body: unknown;
    if (request.method === 'POST') {
      const parsed = await readJsonBody(request, response, this.#options.maxBodyBytes);
      if (!parsed.ok) return true;
      body = parsed.body;
    }
    if (endpoint === 'mcp') {
      await this.#streamable?.handle(request, response, body);
    } else if (endpoint === 'sse-stream') {
      await this.#sse?.openStream(request, response);
    } else {
      await this.#sse?.postMessage(request, response, url.searchParams.get('sessionId'), body);
    }
    return true;
  };
}

/** A path neither a route nor the endpoint serves: the host's `next()`, or 404. */
const answerUnknownPath: HttpGuard = ({ response, url, endpoint, route, next }) => {
  if (endpoint !== undefined || route !== undefined) return false;
  if (next) next();
  else sendJson(response, 404, { error: 'Not found', path: url.pathname });
  return true;
};

/** The route that owns the path answers it. */
const serveRoute: HttpGuard = async (passage) => {
  if (passage.route === undefined) return false;
  await passage.route.serve(passage);
  return true;
};

function matchRoute(options: HttpRequestHandlerOptions, pathname: string): Route | undefined {
  if (options.transport === 'streamable-http') {
    return pathname === options.path ? 'mcp' : undefined;
  }
  if (pathname === SSE_STREAM_PATH) return 'sse-stream';
  if (pathname === SSE_MESSAGES_PATH) return 'sse-message';
  return undefined;
}
