import type { IncomingMessage } from 'node:http';
import {
  type ApprovalHandler,
  type ContextFactory,
  type ExecutorLike,
  type Identity,
  MCP_APPROVAL_KEY,
  MCP_ELICIT_KEY,
  MCP_PROGRESS_KEY,
  type McpElicitSender,
  type McpProgressSender,
} from '@apcore-mcp/core';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  type ClientCapabilities,
  ElicitResultSchema,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../logger.js';
import type { CallCancellation } from './call-cancellation.js';

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

/** The values {@link buildContextData} puts in `context.data`; each only when present. */
export interface ContextDataOptions {
  progress?: McpProgressSender | undefined;
  elicit?: McpElicitSender | undefined;
  /** The executor asks it before modules requiring approval (nested calls included). */
  approval?: ApprovalHandler | undefined;
}

/**
 * The values a call hands to its module in `context.data`: the progress sender under
 * `MCP_PROGRESS_KEY` (only when the client sent a `progressToken`), the elicitation sender under
 * `MCP_ELICIT_KEY` (only when the client declared the `elicitation` capability) and the call's
 * approval under `MCP_APPROVAL_KEY`.
 */
export function buildContextData(options: ContextDataOptions): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (options.progress) data[MCP_PROGRESS_KEY] = options.progress;
  if (options.elicit) data[MCP_ELICIT_KEY] = options.elicit;
  if (options.approval) data[MCP_APPROVAL_KEY] = options.approval;
  return data;
}

/**
 * Sends `notifications/progress` for the call, only ever increasing: MCP requires progress to
 * increase with every notification, so a value not above the last one sent (or not a finite
 * number) is dropped, never bumped. Never rejects: progress is advisory.
 */
export function createProgressSender(
  extra: RouterCallExtra,
  logger: Logger,
): McpProgressSender | undefined {
  const progressToken = extra._meta?.progressToken;
  const send = extra.sendNotification;
  if (progressToken === undefined || send === undefined) return undefined;
  let last = Number.NEGATIVE_INFINITY;
  return async (progress, total, message) => {
    if (typeof progress !== 'number' || !Number.isFinite(progress) || progress <= last) return;
    last = progress;
    try {
      await send({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress,
          ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}),
          ...(typeof message === 'string' ? { message } : {}),
        },
      });
    } catch (error) {
      logger.debug({ err: error }, 'Could not send a progress notification');
    }
  };
}

/**
 * Sends `elicitation/create` to the client of the call (cancelled with the call); absent when
 * the client did not declare the `elicitation` capability. Failures are logged and rethrown.
 */
export function createElicitSender(
  extra: RouterCallExtra,
  options: { cancellation?: CallCancellation; logger: Logger },
): McpElicitSender | undefined {
  const sendRequest = extra.sendRequest;
  if (sendRequest === undefined || extra.clientCapabilities?.elicitation === undefined) {
    return undefined;
  }
  const { cancellation, logger } = options;
  return async (message, requestedSchema) => {
    try {
      const result = await sendRequest(
        {
          method: 'elicitation/create',
          params: {
            message,
            requestedSchema: (requestedSchema ?? { type: 'object', properties: {} }) as never,
          },
        },
        ElicitResultSchema,
        cancellation === undefined ? undefined : { signal: cancellation.signal },
      );
      return {
        action: result.action,
        ...(result.content === undefined ? {} : { content: { ...result.content } }),
      };
    } catch (error) {
      logger.warn({ err: error }, 'Elicitation request failed');
      throw error;
    }
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
