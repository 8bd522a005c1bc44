import type { ContextFactory, ExecutorLike, Identity } from '@apcore-mcp/core';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  type ClientCapabilities,
  ElicitResultSchema,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import {
  MCP_ELICIT_KEY,
  MCP_PROGRESS_KEY,
  type McpElicitSender,
  type McpProgressSender,
} from './constants.js';

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

/**
 * The values a call hands to its module in `context.data`: the progress sender (only when the
 * client sent a `progressToken`) and the elicitation sender (only when the client declared the
 * `elicitation` capability).
 */
export function buildContextData(extra: RouterCallExtra): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const progress = createProgressSender(extra);
  if (progress) data[MCP_PROGRESS_KEY] = progress;
  const elicit = createElicitSender(extra);
  if (elicit) data[MCP_ELICIT_KEY] = elicit;
  return data;
}

function createProgressSender(extra: RouterCallExtra): McpProgressSender | undefined {
  const progressToken = extra._meta?.progressToken;
  const send = extra.sendNotification;
  if (progressToken === undefined || send === undefined) return undefined;
  return (progress, total, message) =>
    send({
      method: 'notifications/progress',
      params: {
        progressToken,
        progress,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      },
    });
}

function createElicitSender(extra: RouterCallExtra): McpElicitSender | undefined {
  const sendRequest = extra.sendRequest;
  if (sendRequest === undefined || extra.clientCapabilities?.elicitation === undefined) {
    return undefined;
  }
  return async (message, requestedSchema) => {
    const result = await sendRequest(
      {
        method: 'elicitation/create',
        params: {
          message,
          requestedSchema: (requestedSchema ?? { type: 'object', properties: {} }) as never,
        },
      },
      ElicitResultSchema,
    );
    return {
      action: result.action,
      ...(result.content === undefined ? {} : { content: { ...result.content } }),
    };
  };
}

/**
 * Who builds contexts for this executor: the `contextFactory` option, else the executor itself
 * when it has `createContext` (the core runtime's Executor is its own factory), else nobody — a
 * foreign executor then gets no context of ours and builds its own.
 */
export function resolveContextFactory(
  executor: ExecutorLike,
  contextFactory: ContextFactory | undefined,
): ContextFactory | undefined {
  if (contextFactory) return contextFactory;
  const candidate = executor as ExecutorLike & { createContext?: unknown };
  return typeof candidate.createContext === 'function'
    ? (candidate as ExecutorLike & ContextFactory)
    : undefined;
}
