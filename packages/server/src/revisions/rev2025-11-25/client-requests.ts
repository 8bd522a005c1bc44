import type { McpInputRequest } from '@apcore-mcp/core/bridge';
import type { CreateMessageRequest, ServerContext } from '@modelcontextprotocol/server';
import type { ClientRequestSender, ElicitationAsk } from '../../kernel/call-extra.js';

/**
 * The channels of a call back to its client on a 2025-11-25 connection: real server-to-client
 * requests of the call (`elicitation/create` in form mode, `sampling/createMessage`,
 * `roots/list`), sent through the SDK.
 *
 * @example
 * ```ts
 * const { elicit, request } = toClientRequests(ctx);
 * ```
 */
export function toClientRequests(ctx: ServerContext): {
  elicit: ElicitationAsk;
  request: ClientRequestSender;
} {
  const { mcpReq } = ctx;
  return {
    elicit: async (params, options) =>
      mcpReq.send({ method: 'elicitation/create', params: { mode: 'form', ...params } }, options),
    request: (request, options) => mcpReq.send(toClientRequest(request), options),
  };
}

/** A module's request as a server-to-client request (forms in form mode). */
function toClientRequest(request: McpInputRequest) {
  switch (request.method) {
    case 'elicitation/create':
      return {
        method: request.method,
        params: { mode: 'form' as const, ...request.params },
      } as const;
    case 'sampling/createMessage':
      return {
        method: request.method,
        params: request.params as unknown as CreateMessageRequest['params'],
      } as const;
    default:
      return { method: request.method } as const;
  }
}
