import type {
  HandlerResultTypeMap,
  RequestMethod,
  RequestTypeMap,
  Server,
  ServerContext,
  StandardSchemaV1,
} from '@modelcontextprotocol/server';
import { openMcpRequest, type RequestTarget } from './mcp-request.js';
import type { RequestPipeline } from './request-pipeline.js';
import type { RequestAnswer } from './request-step.js';

type Handler<I, R> = (input: I, ctx: ServerContext) => R | Promise<R>;

/**
 * One request handler as a surface holds it: the SDK's `{ params }` schema for a method outside
 * the spec (the handler then gets the params it checked), else none (it gets the request).
 *
 * @example
 * ```ts
 * const entry: SurfaceHandler = { schemas: undefined, handle: () => ({ prompts: [] }) };
 * ```
 */
export interface SurfaceHandler {
  readonly schemas: { params: StandardSchemaV1 } | undefined;
  readonly handle: (input: unknown, ctx: ServerContext) => Promise<RequestAnswer> | RequestAnswer;
}

/**
 * Where request handlers go: the SDK `Server` whose connection they answer (its revision, its
 * client, its notifications), and what takes each handler — that server's own
 * `setRequestHandler` (see `serverTarget`), or a surface keeping them for a host to install its
 * way.
 *
 * @example
 * ```ts
 * const target: RequestHandlerTarget = { server, add: (method, entry) => handlers.set(method, entry) };
 * ```
 */
export interface RequestHandlerTarget {
  readonly server: Server;
  /**
   * The one method whose handler the target takes (the server of one 2026-07-28 request, which
   * answers nothing else); absent: every method's. {@link registerRequestHandler}, through which
   * every handler is made, skips the others before it wraps them.
   */
  readonly only?: string | undefined;
  add(method: string, entry: SurfaceHandler): void;
}

/** `setRequestHandler` of either form, as this file calls it once the handler is wrapped. */
type AnySetRequestHandler = (method: string, ...rest: unknown[]) => void;

/**
 * A target that installs each handler on `server` itself with `setRequestHandler`; with `only`,
 * {@link registerRequestHandler} gives it that method's handler alone.
 *
 * @example
 * ```ts
 * registerRequestHandler(serverTarget(server), requests, 'prompts/list', listPrompts);
 * ```
 */
export function serverTarget(server: Server, only?: string): RequestHandlerTarget {
  return { server, only, add: (method, entry) => installHandler(server, method, entry) };
}

/**
 * `server.setRequestHandler(method, ...)` for one handler of a surface, in the form its schemas
 * call for.
 *
 * @example
 * ```ts
 * installHandler(server, 'prompts/list', entry);
 * ```
 */
export function installHandler(server: Server, method: string, entry: SurfaceHandler): void {
  const set = server.setRequestHandler.bind(server) as AnySetRequestHandler;
  if (entry.schemas === undefined) set(method, entry.handle);
  else set(method, entry.schemas, entry.handle);
}

/**
 * Gives `target` the handler of `method` (on a server: `setRequestHandler`), run through `requests` (the
 * request pipeline: tracing, metrics, the shutdown gate, the ledger, errors, the result cap,
 * limits); `named` says what the request asks for (the prompt, the resource, the completion's
 * reference), for methods that name one. Without a pipeline (a bare SDK server), or for a
 * method with a pipeline of its own (`tools/call`), the handler is registered as it is.
 *
 * @example
 * ```ts
 * registerRequestHandler(target, requests, 'prompts/list', () => ({ prompts: catalog.list() }));
 * ```
 */
export function registerRequestHandler<M extends RequestMethod>(
  target: RequestHandlerTarget,
  requests: RequestPipeline | undefined,
  method: M,
  handler: Handler<RequestTypeMap[M], HandlerResultTypeMap[M]>,
  named?: (request: RequestTypeMap[M]) => RequestTarget,
): void;
/**
 * The same, with the SDK's `{ params }` schema: the handler (and `named`) get the params it
 * checked.
 *
 * @example
 * ```ts
 * registerRequestHandler(target, requests, 'prompts/get', { params: PARAMS }, answer, promptTarget);
 * ```
 */
export function registerRequestHandler<P extends StandardSchemaV1, R extends RequestAnswer>(
  target: RequestHandlerTarget,
  requests: RequestPipeline | undefined,
  method: string,
  schemas: { params: P },
  handler: Handler<StandardSchemaV1.InferOutput<P>, R>,
  named?: (params: StandardSchemaV1.InferOutput<P>) => RequestTarget,
): void;
export function registerRequestHandler(
  target: RequestHandlerTarget,
  requests: RequestPipeline | undefined,
  method: string,
  ...rest: unknown[]
): void {
  if (target.only !== undefined && target.only !== method) return;
  const withSchemas = typeof rest[0] !== 'function';
  const [handler, named] = (withSchemas ? rest.slice(1) : rest) as [
    Handler<unknown, RequestAnswer>,
    ((input: unknown) => RequestTarget) | undefined,
  ];
  const { server } = target;
  const wrapped: Handler<unknown, RequestAnswer> =
    requests === undefined || !requests.serves(method)
      ? handler
      : (input, ctx) => {
          const request = openMcpRequest({
            method,
            ctx,
            server,
            target: named?.(input),
            identity: requests.identity,
            logger: requests.logger,
          });
          return requests.run(request, async () => handler(input, ctx));
        };
  const schemas = withSchemas ? (rest[0] as { params: StandardSchemaV1 }) : undefined;
  target.add(method, { schemas, handle: wrapped });
}
