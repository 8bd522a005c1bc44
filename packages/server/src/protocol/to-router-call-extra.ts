import type { Server, ServerContext } from '@modelcontextprotocol/server';
import { PREFLIGHT_META_KEY, type RouterCallExtra } from '../kernel/call-extra.js';
import { readTraceCarrier } from '../requests/mcp-request.js';
import { readTraceparentTraceId } from '../requests/read-traceparent.js';
import { revisionOfRequest } from '../revisions/pick-revision.js';
import type { CallStateCodec } from './call-state-codec.js';

/**
 * The one place where the SDK's request context becomes our {@link RouterCallExtra}: the
 * request's signal, session, progress token, trace context, notification channel and auth
 * info, and what its revision's codec adds (picked here, once, and named by `extra.era`): the
 * client's capabilities and protocol version, how the call asks the client (server-to-client
 * requests, or input rounds signed with `codec`), and whether it asked for a task (`params`).
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
  const extra: RouterCallExtra = {
    requestId: mcpReq.id,
    signal: mcpReq.signal,
    notify: (notification) => mcpReq.notify(notification),
    // The SDK's filter: the session's `logging/setLevel` (2025), the request's level (2026).
    log: (level, data, logger) => mcpReq.log(level, data, logger),
    ...revisionOfRequest(ctx).callExtra(ctx, server, {
      requestState: codec,
      ...(params === undefined ? {} : { params }),
    }),
  };
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
  if (mcpReq._meta?.[PREFLIGHT_META_KEY] === true) extra.preflight = true;
  return extra;
}
