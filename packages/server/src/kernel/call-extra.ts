import type { IncomingMessage } from 'node:http';
import type { Identity, McpLogLevel } from '@apcore-mcp/core';
import type { McpInputRequest } from '@apcore-mcp/core/bridge';
import type { AuthInfo, InputRequiredResult } from '@modelcontextprotocol/server';
import type { ToolCallTrace } from './tool-call-trace.js';

/**
 * A call still running after it was answered with a task, as that task's attempt takes it over.
 *
 * @example
 * ```ts
 * const continued: ContinuedCall = { startedAt: performance.now(), ended, abort: (reason) => controller.abort(reason) };
 * ```
 */
export interface ContinuedCall {
  /** When the server took the call (`performance.now()`): its duration counts from there. */
  readonly startedAt: number;
  /** Settles when the call does, with its answer or what it threw; never rejects. */
  readonly ended: Promise<{ answer: unknown } | { error: unknown }>;
  /** Stops the call (its task was cancelled, or the server closes). */
  abort(reason: unknown): void;
}

/**
 * A `notifications/progress` the server sends for a call.
 *
 * @example
 * ```ts
 * const notice: ProgressNotice = { method: 'notifications/progress', params: { progressToken: 1, progress: 2 } };
 * ```
 */
export type ProgressNotice = {
  method: 'notifications/progress';
  params: { progressToken: string | number; progress: number; total?: number; message?: string };
};

/**
 * The `elicitation/create` form request of a call, and what the client answered.
 *
 * @example
 * ```ts
 * const ask: ElicitationAsk = async () => ({ action: 'accept', content: { ok: true } });
 * ```
 */
export type ElicitationAsk = (
  params: { message: string; requestedSchema: Record<string, unknown> },
  options?: { signal?: AbortSignal },
) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }>;

/**
 * A form question for the client, asked on 2026-07-28 inside an `input_required` answer.
 *
 * @example
 * ```ts
 * const question: FormQuestion = { message: 'Proceed?', requestedSchema: { type: 'object' } };
 * ```
 */
export type FormQuestion = { message: string; requestedSchema: Record<string, unknown> };

/**
 * One round of a 2026-07-28 call: the answers the client's retry carries, the verified state it
 * echoed, and how to end this attempt with questions instead of a result. 2026-07-28 has no
 * server-to-client requests: the call answers `input_required` and the client calls again with
 * the answers and the state.
 *
 * @example
 * ```ts
 * const round: InputRound = { responses: undefined, state: undefined, require: async () => answer };
 * ```
 */
export interface InputRound {
  /** The answers of the retry, keyed as asked; untrusted client input. */
  responses: Record<string, unknown> | undefined;
  /** The payload of the retry's `requestState`, already verified by the SDK. */
  state: Record<string, unknown> | undefined;
  /** The `input_required` answer asking `questions` (by key), with `state` signed for the retry. */
  require(
    questions: Record<string, McpInputRequest>,
    state: Record<string, unknown>,
  ): Promise<InputRequiredResult>;
}

/**
 * Sends a request to the client of a 2025-11-25 call (`elicitation/create` in form mode,
 * `sampling/createMessage`, `roots/list`) and resolves to the client's result, untrusted.
 *
 * @example
 * ```ts
 * const send: ClientRequestSender = async () => ({ roots: [] });
 * const result = await send({ method: 'roots/list' });
 * ```
 */
export type ClientRequestSender = (
  request: McpInputRequest,
  options?: { signal?: AbortSignal },
) => Promise<unknown>;

/**
 * What a client declared it supports, as far as a call cares (the MCP `ClientCapabilities`).
 *
 * @example
 * ```ts
 * const capabilities: ClientCapabilities = { elicitation: { form: {} }, roots: {} };
 * ```
 */
export type ClientCapabilities = {
  elicitation?: object;
  sampling?: object;
  roots?: object;
  [key: string]: unknown;
};

/**
 * What a tool call knows about its MCP request, in our own terms (all of it optional, so the
 * router also works outside an SDK server): what cancels it, its session, its progress token and
 * the channels back to the client, the client's capabilities and protocol revision, and the
 * caller identity when the transport established one. The protocol layer fills it from the SDK's
 * request context in one place (`toRouterCallExtra`).
 *
 * @example
 * ```ts
 * const extra: RouterCallExtra = { signal: AbortSignal.timeout(1000), identity: { id: 'alice' } };
 * ```
 */
export interface RouterCallExtra {
  /** Aborts when the client cancels the request or goes away. */
  signal?: AbortSignal;
  /** The session of a sessionful (2025-11-25) connection. */
  sessionId?: string;
  /** The client's `_meta.progressToken`: progress may be sent for this call. */
  progressToken?: string | number;
  /** Sends a notification about this call to its client. */
  notify?: (notification: ProgressNotice) => Promise<void>;
  /**
   * Sends the call's client a `notifications/message` about this call, when the client asked
   * for `level` or above (`logging/setLevel` on 2025-11-25, the request's own log level on
   * 2026-07-28); otherwise does nothing.
   */
  log?: (level: McpLogLevel, data: unknown, logger: string) => Promise<void>;
  /** Asks the client through `elicitation/create`; absent where the server cannot ask. */
  elicit?: ElicitationAsk;
  /** A 2026-07-28 call's input round (set when the server signs `requestState`). */
  inputRound?: InputRound;
  /** Sends the client a request of this call (2025-11-25 connections only). */
  request?: ClientRequestSender;
  /** What the HTTP layer attached to the request (identity, closed-request signal). */
  authInfo?: AuthInfo;
  /** The capabilities the client declared (at `initialize`, or in the request on 2026-07-28). */
  clientCapabilities?: ClientCapabilities;
  /** The protocol revision the request was made under. */
  protocolVersion?: string;
  /**
   * Which revision's rules the request follows: `2026-07-28` (per request: its version and
   * capabilities in its `_meta`, no sessions) or `2025-11-25` (a connection's `initialize`).
   */
  era?: ProtocolEra;
  identity?: Identity;
  /**
   * Set on an attempt of an MCP task: the call runs as that task (it becomes no other task, and
   * its limits were counted when the task was created).
   */
  task?: { taskId: string };
  /**
   * Set on the attempt of a task that took over a call still running in this process (it ran
   * past `taskAfterMs`): the attempt answers with that call's end instead of running the module
   * again, so the steps around the task step (errors, result size, ledger, metrics) see it.
   */
  continued?: ContinuedCall;
  /**
   * Whether the server answering the request serves tasks (`tasks/get` and the rest); a call
   * through a server that does not (an attached one) never becomes a task.
   */
  tasksServed?: boolean;
  /** Set on a call that asked to become a task (2025-11-25: the request's `task` parameter). */
  taskRequested?: boolean;
  /**
   * What a module's `becomeTask(context)` calls: set while the call may still become a task
   * (its module starts tasks explicitly); it ends the call's quick part.
   */
  becomeTask?: () => Promise<void>;
  /**
   * Set with `becomeTask` on a call whose module starts its task at once but must first be
   * approved by the user: the call becomes the task as soon as its module is approved, so the
   * approval is asked on the call itself, before any task exists.
   */
  becomeTaskOnceApproved?: boolean;
  /** The JSON-RPC id of the request. */
  requestId?: string | number;
  /**
   * A dry run (`_meta["apcore/preflight"]: true`): the call is checked (input, ACL, approval,
   * limits, consuming none) and answered with the report; nothing runs.
   */
  preflight?: boolean;
  /** The W3C trace context the client sent in the request's `_meta` (`traceparent`, ...). */
  traceCarrier?: Record<string, string>;
  /**
   * The trace id of that `traceparent`, when it is a valid W3C one: the call's trace id, traced
   * or not, unless the call's span names another.
   */
  clientTraceId?: string;
  /** The call's trace, when the server traces calls: child spans and the trace id. */
  trace?: ToolCallTrace;
}

/** The `_meta` key of a `tools/call` that asks for a dry run (see {@link RouterCallExtra.preflight}). */
export const PREFLIGHT_META_KEY = 'apcore/preflight';

/**
 * The trace id a call runs under, when the server knows one: its span's (tracing on, an
 * OpenTelemetry SDK registered), else the client's `traceparent`'s. `undefined`: the context
 * makes a fresh one.
 *
 * @example
 * ```ts
 * const traceId = readCallTraceId({ clientTraceId: '4bf92f3577b34da6a3ce929d0e0e4736' });
 * ```
 */
export function readCallTraceId(extra: RouterCallExtra): string | undefined {
  return extra.trace?.traceId ?? extra.clientTraceId;
}

/** The two ways of speaking MCP a server serves, named by their first revision. */
export type ProtocolEra = '2025-11-25' | '2026-07-28';

/**
 * The `authInfo.extra` key under which a request carries its caller's apcore `Identity`: our
 * HTTP layer sets it from `authenticate`; an application serving attached tools from its own
 * server sets it in its auth layer, so calls run, and lists are cut, as that caller.
 *
 * @example
 * ```ts
 * request.auth = { token, clientId: user.id, scopes: [], extra: { [AUTH_IDENTITY_KEY]: { id: user.id, roles: user.roles } } };
 * ```
 */
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
  attachToRequestAuth(request, REQUEST_CLOSED_KEY, signal);
}

/**
 * Adds `value` under `key` to what the SDK hands every handler of this HTTP request
 * (`request.auth.extra`, passed on as `extra.authInfo.extra`), keeping what is already there.
 *
 * @example
 * ```ts
 * attachToRequestAuth(request, 'apcoreRequestClosed', signal);
 * ```
 */
export function attachToRequestAuth(request: IncomingMessage, key: string, value: unknown): void {
  const carrier = request as IncomingMessage & { auth?: AuthInfo };
  const auth = carrier.auth ?? { token: '', clientId: '', scopes: [] };
  carrier.auth = { ...auth, extra: { ...auth.extra, [key]: value } };
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
