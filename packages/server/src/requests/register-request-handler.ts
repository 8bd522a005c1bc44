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

/** `setRequestHandler` of either form, as this file calls it once the handler is wrapped. */
type AnySetRequestHandler = (method: string, ...rest: unknown[]) => void;

/**
 * `server.setRequestHandler(method, handler)` with the handler run through `requests` (the
 * request pipeline: tracing, metrics, the shutdown gate, the ledger, errors, the result cap,
 * limits); `target` names what the request asks for (the prompt, the resource, the completion's
 * reference), for methods that name one. Without a pipeline (a bare SDK server), or for a
 * method with a pipeline of its own (`tools/call`), the handler is registered as it is.
 *
 * @example
 * ```ts
 * registerRequestHandler(server, requests, 'prompts/list', () => ({ prompts: catalog.list() }));
 * ```
 */
export function registerRequestHandler<M extends RequestMethod>(
  server: Server,
  requests: RequestPipeline | undefined,
  method: M,
  handler: Handler<RequestTypeMap[M], HandlerResultTypeMap[M]>,
  target?: (request: RequestTypeMap[M]) => RequestTarget,
): void;
/**
 * The same, with the SDK's `{ params }` schema: the handler (and `target`) get the params it
 * checked.
 *
 * @example
 * ```ts
 * registerRequestHandler(server, requests, 'prompts/get', { params: PARAMS }, answer, promptTarget);
 * ```
 */
export function registerRequestHandler<P extends StandardSchemaV1, R extends RequestAnswer>(
  server: Server,
  requests: RequestPipeline | undefined,
  method: string,
  schemas: { params: P },
  handler: Handler<StandardSchemaV1.InferOutput<P>, R>,
  target?: (params: StandardSchemaV1.InferOutput<P>) => RequestTarget,
): void;
export function registerRequestHandler(
  server: Server,
  requests: RequestPipeline | undefined,
  method: string,
  ...rest: unknown[]
): void {
  const withSchemas = typeof rest[0] !== 'function';
  const [handler, target] = (withSchemas ? rest.slice(1) : rest) as [
    Handler<unknown, RequestAnswer>,
    ((input: unknown) => RequestTarget) | undefined,
  ];
  const set = server.setRequestHandler.bind(server) as AnySetRequestHandler;
  const wrapped: Handler<unknown, RequestAnswer> =
    requests === undefined || !requests.serves(method)
      ? handler
      : (input, ctx) => {
          const request = openMcpRequest({
            method,
            ctx,
            server,
            target: target?.(input),
            identity: requests.identity,
            logger: requests.logger,
          });
          return requests.run(request, async () => handler(input, ctx));
        };
  if (withSchemas) set(method, rest[0], wrapped);
  else set(method, wrapped);
}
