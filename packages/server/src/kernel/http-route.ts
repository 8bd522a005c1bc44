import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Which of the Host/Origin checks a route asks for: both by default. A public document any page
 * may read (`Access-Control-Allow-Origin: *`) skips the `Origin` check.
 *
 * @example
 * ```ts
 * if (!exchange.passGuard('/server-card', { origin: false })) return;
 * ```
 */
export interface GuardChecks {
  readonly origin?: boolean;
}

/**
 * One request as a route of the HTTP side sees it, with the checks every route may ask for.
 * Each check answers its own refusal (403, 401...) and resolves `false` when it refused.
 *
 * @example
 * ```ts
 * const serve = async (exchange: HttpExchange) => {
 *   if (!(await exchange.admit())) return;
 *   exchange.response.end('ok');
 * };
 * ```
 */
export interface HttpExchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly url: URL;
  /** The Host/Origin checks alone, logged as a refused `what` when they fail. */
  passGuard(what: string, checks?: GuardChecks): boolean;
  /** What an MCP request passes: the Host/Origin checks, then authentication. */
  admit(): Promise<boolean>;
}

/**
 * A path of the HTTP side other than the MCP endpoint (`/health`, the inspector, a feature's
 * discovery document...). The HTTP handler asks each route, in order, whether it owns a path;
 * the first that does answers the request. A path no route owns falls to the host's `next()`
 * or a 404.
 *
 * @example
 * ```ts
 * const hello: HttpRoute = {
 *   owns: (pathname) => pathname === '/hello',
 *   serve: ({ response }) => void response.end('hello'),
 * };
 * ```
 */
export interface HttpRoute {
  owns(pathname: string): boolean;
  serve(exchange: HttpExchange): Promise<void> | void;
  /**
   * `'public'`: the route answers its own CORS (a discovery document any page may read), so the
   * `cors` option's origin list does not apply to it. Default: the `cors` option's.
   */
  readonly cors?: 'public';
}
