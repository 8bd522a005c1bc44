import type { McpInputRequest } from '@apcore-mcp/core';
import {
  CLIENT_CAPABILITIES_META_KEY,
  type CreateMessageRequest,
  inputRequired,
  PROTOCOL_VERSION_META_KEY,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { InputRound, RouterCallExtra } from '../kernel/call-extra.js';
import { toInputRequestWire } from '../kernel/input-request-wire.js';
import { readTraceCarrier } from '../requests/mcp-request.js';
import { readTraceparentTraceId } from '../requests/read-traceparent.js';
import type { CallState, CallStateCodec } from './call-state-codec.js';

/**
 * The one place where the SDK's request context becomes our {@link RouterCallExtra}: the
 * request's signal, session, progress token, trace context, notification channel, auth info,
 * the client's capabilities and protocol revision, and (on 2025-11-25 connections only) a way
 * to send `elicitation/create`. A 2026-07-28 request carries its revision and capabilities in
 * its own `_meta` envelope; a 2025 one has them from the connection's `initialize`, and asks for
 * a task with the `task` member of its `params` (given as `params`).
 *
 * @example
 * ```ts
 * server.setRequestHandler('tools/call', (request, ctx) =>
 *   router.handleCall(request.params.name, request.params.arguments, toRouterCallExtra(ctx, server)),
 * );
 * ```
 */
export function toRouterCallExtra(
  ctx: ServerContext,
  server: Server,
  codec?: CallStateCodec,
  params?: { task?: unknown },
): RouterCallExtra {
  const { mcpReq } = ctx;
  // Typed `{}` by the SDK: the reserved keys are read by name.
  const envelope = mcpReq.envelope as Record<string, unknown> | undefined;
  const modernVersion = envelope?.[PROTOCOL_VERSION_META_KEY];
  const extra: RouterCallExtra = {
    requestId: mcpReq.id,
    signal: mcpReq.signal,
    notify: (notification) => mcpReq.notify(notification),
    // The SDK's filter: the session's `logging/setLevel` (2025), the request's level (2026).
    log: (level, data, logger) => mcpReq.log(level, data, logger),
  };
  if (typeof modernVersion === 'string') {
    extra.era = '2026-07-28';
    extra.protocolVersion = modernVersion;
    const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY];
    if (typeof capabilities === 'object' && capabilities !== null) {
      extra.clientCapabilities = capabilities as RouterCallExtra['clientCapabilities'];
    }
    if (codec !== undefined) extra.inputRound = toInputRound(ctx, codec);
  } else {
    extra.era = '2025-11-25';
    // Server-to-client requests exist on 2025 connections only; 2026 asks through input_required.
    extra.elicit = async (params, options) =>
      mcpReq.send({ method: 'elicitation/create', params: { mode: 'form', ...params } }, options);
    extra.request = (request, options) => mcpReq.send(toClientRequest(request), options);
    const capabilities = server.getClientCapabilities();
    if (capabilities !== undefined) extra.clientCapabilities = capabilities;
    const version = server.getNegotiatedProtocolVersion();
    if (version !== undefined) extra.protocolVersion = version;
    if (params?.task !== undefined) extra.taskRequested = true;
  }
  if (ctx.sessionId !== undefined) extra.sessionId = ctx.sessionId;
  const progressToken = mcpReq._meta?.progressToken;
  if (progressToken !== undefined) extra.progressToken = progressToken;
  const traceCarrier = readTraceCarrier(mcpReq._meta);
  if (traceCarrier !== undefined) {
    extra.traceCarrier = traceCarrier;
    const clientTraceId = readTraceparentTraceId(traceCarrier.traceparent);
    if (clientTraceId !== undefined) extra.clientTraceId = clientTraceId;
  }
  const authInfo = ctx.http?.authInfo;
  if (authInfo !== undefined) extra.authInfo = authInfo;
  return extra;
}

/** The round of a 2026-07-28 request: its answers, its verified state, how to ask more. */
function toInputRound(ctx: ServerContext, codec: CallStateCodec): InputRound {
  const { mcpReq } = ctx;
  return {
    responses: mcpReq.inputResponses,
    state: mcpReq.requestState<CallState>(),
    require: async (questions, state) =>
      inputRequired({
        inputRequests: Object.fromEntries(
          Object.entries(questions).map(([key, request]) => [key, toInputRequestWire(request)]),
        ),
        requestState: await codec.mint(state, ctx),
      }),
  };
}

/** A module's request as a 2025-11-25 server-to-client request (forms in form mode). */
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
