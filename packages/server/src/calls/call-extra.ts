import type { IncomingMessage } from 'node:http';
import type { Identity } from '@apcore-mcp/core';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  ClientCapabilities,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * What a tool call knows about its MCP request: the SDK's request handler `extra` (all of it
 * optional, so the router also works outside an SDK server) plus the client's capabilities and
 * the caller identity when the transport established one.
 *
 * @example
 * ```ts
 * const extra: RouterCallExtra = { signal: AbortSignal.timeout(1000), identity: { id: 'alice' } };
 * ```
 */
export type RouterCallExtra = Partial<
  Pick<
    RequestHandlerExtra<ServerRequest, ServerNotification>,
    'signal' | 'sessionId' | '_meta' | 'sendNotification' | 'sendRequest' | 'authInfo'
  >
> & {
  clientCapabilities?: ClientCapabilities;
  identity?: Identity;
};

/** The `authInfo.extra` key under which the HTTP layer passes the authenticated identity. */
export const AUTH_IDENTITY_KEY = 'apcoreIdentity';

/**
 * The `AuthInfo` the HTTP layer attaches to a request (`request.auth`) so the SDK hands the
 * identity to the call handler.
 */
export function toAuthInfo(identity: Identity): AuthInfo {
  return {
    token: '',
    clientId: identity.id,
    scopes: identity.roles ? [...identity.roles] : [],
    extra: { [AUTH_IDENTITY_KEY]: identity },
  };
}

/**
 * The `authInfo.extra` key under which the HTTP layer passes a signal that aborts when the client
 * closes the HTTP request carrying the call before its answer was written: the answer could
 * never reach the client on that request any more.
 */
export const REQUEST_CLOSED_KEY = 'apcoreRequestClosed';

/**
 * Makes the SDK hand `signal` to the handler of every JSON-RPC request of this HTTP request, next
 * to the identity `authenticate` may have put there (the SDK passes `request.auth` on as
 * `extra.authInfo`, the one per-request channel it has).
 */
export function attachRequestClosedSignal(request: IncomingMessage, signal: AbortSignal): void {
  const carrier = request as IncomingMessage & { auth?: AuthInfo };
  const auth = carrier.auth ?? { token: '', clientId: '', scopes: [] };
  carrier.auth = { ...auth, extra: { ...auth.extra, [REQUEST_CLOSED_KEY]: signal } };
}

/** The signal {@link attachRequestClosedSignal} attached to the call's HTTP request, if any. */
export function readRequestClosedSignal(extra: RouterCallExtra): AbortSignal | undefined {
  const signal = extra.authInfo?.extra?.[REQUEST_CLOSED_KEY];
  return signal instanceof AbortSignal ? signal : undefined;
}

/** The identity of a call: given directly, carried by the transport's auth info, or the default. */
export function resolveIdentity(
  extra: RouterCallExtra,
  fallback: Identity | undefined,
): Identity | undefined {
  if (extra.identity) return extra.identity;
  const fromAuth = extra.authInfo?.extra?.[AUTH_IDENTITY_KEY];
  if (isIdentity(fromAuth)) return fromAuth;
  return fallback;
}

function isIdentity(value: unknown): value is Identity {
  return typeof value === 'object' && value !== null && typeof (value as Identity).id === 'string';
}
