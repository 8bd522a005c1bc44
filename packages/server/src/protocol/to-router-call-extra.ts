import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { RouterCallExtra } from '../calls/call-extra.js';

/**
 * The one place where the SDK's request context becomes our {@link RouterCallExtra}: the
 * request's signal, session, progress token, notification channel, auth info, the client's
 * capabilities and protocol revision, and (on 2025-11-25 connections only) a way to send
 * `elicitation/create`. A 2026-07-28 request carries its revision and capabilities in its own
 * `_meta` envelope; a 2025 one has them from the connection's `initialize`.
 *
 * @example
 * ```ts
 * server.setRequestHandler('tools/call', (request, ctx) =>
 *   router.handleCall(request.params.name, request.params.arguments, toRouterCallExtra(ctx, server)),
 * );
 * ```
 */
export function toRouterCallExtra(ctx: ServerContext, server: Server): RouterCallExtra {
  const { mcpReq } = ctx;
  // Typed `{}` by the SDK: the reserved keys are read by name.
  const envelope = mcpReq.envelope as Record<string, unknown> | undefined;
  const modernVersion = envelope?.[PROTOCOL_VERSION_META_KEY];
  const extra: RouterCallExtra = {
    signal: mcpReq.signal,
    notify: (notification) => mcpReq.notify(notification),
  };
  if (typeof modernVersion === 'string') {
    extra.protocolVersion = modernVersion;
    const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY];
    if (typeof capabilities === 'object' && capabilities !== null) {
      extra.clientCapabilities = capabilities as RouterCallExtra['clientCapabilities'];
    }
  } else {
    // Server-to-client requests exist on 2025 connections only; 2026 asks through input_required.
    extra.elicit = async (params, options) =>
      mcpReq.send({ method: 'elicitation/create', params: { mode: 'form', ...params } }, options);
    const capabilities = server.getClientCapabilities();
    if (capabilities !== undefined) extra.clientCapabilities = capabilities;
    const version = server.getNegotiatedProtocolVersion();
    if (version !== undefined) extra.protocolVersion = version;
  }
  if (ctx.sessionId !== undefined) extra.sessionId = ctx.sessionId;
  const progressToken = mcpReq._meta?.progressToken;
  if (progressToken !== undefined) extra.progressToken = progressToken;
  const authInfo = ctx.http?.authInfo;
  if (authInfo !== undefined) extra.authInfo = authInfo;
  return extra;
}
