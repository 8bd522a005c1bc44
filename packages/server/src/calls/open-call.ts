import type { Identity } from '@apcore-mcp/core';
import {
  type ContextFactory,
  type ContextRequest,
  type ExecutorLike,
  type McpAsker,
  type McpClientChannel,
  type McpElicitSender,
  type McpEventEmitter,
  type McpProgressSender,
  MODULE_CALL_STEPS_KEY,
  markAskedUser,
  toChannelData,
} from '@apcore-mcp/core/bridge';
import {
  type RouterCallExtra,
  readCallTraceId,
  readRequestClosedSignal,
  resolveIdentity,
} from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';
import type { ServedTool } from '../kernel/served-tool.js';
import type { ApprovalOption } from './approval-option.js';
import { CallApproval } from './call-approval.js';
import { CallCancellation } from './call-cancellation.js';
import type { CallObserver } from './call-observer.js';
import type { CallRounds } from './call-rounds.js';
import { openClientChannel } from './client-channel.js';
import { shouldStream } from './collect-stream.js';
import type { ModuleLog } from './module-log.js';

/** What {@link openCall} needs from the router: its settings and the call's arguments. */
export interface OpenCallOptions {
  executor: ExecutorLike;
  /** Builds the call's context; none: the executor gets no context of ours. */
  contextFactory: ContextFactory | undefined;
  /** Aborts when the server shuts down. */
  shutdown: AbortSignal;
  /** The caller when the request carries none. */
  identity: Identity | undefined;
  approval: ApprovalOption;
  /** Hand the call's approval to the executor in the channel (it asks it itself). */
  approvalInContext: boolean;
  /** Bound to the tool name. */
  logger: Logger;
  /** A 2026-07-28 call that can ask the client: its rounds (answers are good for it only). */
  rounds: CallRounds | undefined;
  /** Hears the call's approval decisions. */
  observer?: CallObserver | undefined;
  /** The time limit of a module that declares none, for the executor (the channel's `callTimeoutMs`). */
  callTimeoutMs?: number | undefined;
  /** Where the module's `emit` goes (the channel's `emitEvent`); absent: nowhere. */
  emitEvent?: McpEventEmitter | undefined;
}

/**
 * One tool call, ready to run: its context and everything the context was built from.
 *
 * @example
 * ```ts
 * const call = openCall(served, extra, options);
 * await executor.call(call.moduleId, args, call.context);
 * ```
 */
export interface OpenedCall {
  moduleId: string;
  /** Asks whoever `approval` names; the router calls it unless the executor does. */
  approval: CallApproval;
  /** Set when the call streams: each chunk goes out as a progress notification. */
  progress: McpProgressSender | undefined;
  /** What the executor gets as its context (`undefined`: none of ours). */
  context: unknown;
  /** Shutdown, the client cancelling or going away, as one signal; closed when the call ends. */
  cancellation: CallCancellation;
  /** A 2026-07-28 call that can ask the client: what earlier rounds settled, what it asked. */
  rounds: CallRounds | undefined;
  /** What the modules log: to the server's log, and to the client until the call answered. */
  log: ModuleLog;
}

/**
 * Opens a call: what cancels it, who calls, what the module may send to the client (progress,
 * elicitation, log lines), who approves it, and the one context the executor gets for it.
 *
 * @example
 * ```ts
 * const call = openCall({ moduleId: 'math.add', tool }, extra, options);
 * ```
 */
export function openCall(
  served: ServedTool,
  extra: RouterCallExtra,
  options: OpenCallOptions,
): OpenedCall {
  const { moduleId } = served;
  const { logger, rounds } = options;
  const cancellation = new CallCancellation(signalsOf(extra, options.shutdown));
  const identity = resolveIdentity(extra, options.identity);
  const client = openClientChannel(extra, { rounds, cancellation, logger, moduleId });
  // The context's data: a call that asked its user is marked in it, never to be retried.
  const data: Record<string, unknown> = {};
  const approval = new CallApproval({
    onAskUser: () => markAskedUser(data),
    option: options.approval,
    elicit: client.elicit,
    rounds: client.approvalRounds,
    identity,
    registry: options.executor.registry,
    logger,
    trace: extra.trace,
    observer: options.observer,
    taskOnceApproved:
      extra.becomeTaskOnceApproved === true && extra.becomeTask !== undefined
        ? { moduleId, becomeTask: extra.becomeTask }
        : undefined,
  });
  const streaming = shouldStream(options.executor, served, extra);
  const { reportProgress, ...talk } = client.channel;
  const channel: McpClientChannel = {
    ...markingAsked(talk, () => markAskedUser(data)),
    // While streaming, the chunks are the progress: the module gets no sender of its own.
    ...(streaming || reportProgress === undefined ? {} : { reportProgress }),
    ...(options.approvalInContext ? { approval } : {}),
    ...(extra.becomeTask === undefined ? {} : { becomeTask: extra.becomeTask }),
    ...(extra.task === undefined ? {} : { inTask: true }),
    ...(options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs }),
    ...(options.emitEvent === undefined ? {} : { emitEvent: options.emitEvent }),
  };
  fillCallData(data, channel, extra);
  const request = new CallContextRequest({ moduleId, data, identity, cancellation });
  const traceId = readCallTraceId(extra);
  if (traceId !== undefined) request.traceId = traceId;
  return {
    moduleId,
    approval,
    progress: streaming ? client.progress : undefined,
    context: options.contextFactory?.createContext(request),
    cancellation,
    rounds,
    log: client.log,
  };
}

/** The context's data of a call: its channel, its module call steps, and whether it asked. */
function fillCallData(
  data: Record<string, unknown>,
  channel: McpClientChannel,
  extra: RouterCallExtra,
): void {
  Object.assign(data, toChannelData(channel));
  if (extra.trace !== undefined) data[MODULE_CALL_STEPS_KEY] = [extra.trace.moduleCallStep];
  // A 2026-07-28 call that carries answers asked its user in an earlier round.
  if (extra.inputRound?.responses !== undefined) markAskedUser(data);
}

/** The channel's `ask` and `elicit`, each calling `mark` before it asks. */
function markingAsked<Talk extends Pick<McpClientChannel, 'ask' | 'elicit' | 'log'>>(
  talk: Talk,
  mark: () => void,
): Talk {
  const { ask, elicit } = talk;
  const markedAsk: McpAsker | undefined =
    ask &&
    ((questions) => {
      mark();
      return ask(questions);
    });
  const markedElicit: McpElicitSender | undefined =
    elicit &&
    ((message, schema) => {
      mark();
      return elicit(message, schema);
    });
  return {
    ...talk,
    ...(markedAsk === undefined ? {} : { ask: markedAsk }),
    ...(markedElicit === undefined ? {} : { elicit: markedElicit }),
  };
}

/** What a context factory is given for a call; `signal` joins what cancels it when first read. */
class CallContextRequest implements ContextRequest {
  readonly moduleId: string;
  readonly data: Record<string, unknown>;
  readonly identity?: Identity;
  /** The call's trace id, when the server knows one (see `readCallTraceId`): the context's. */
  traceId?: string;
  readonly #cancellation: CallCancellation;

  constructor(fields: {
    moduleId: string;
    data: Record<string, unknown>;
    identity: Identity | undefined;
    cancellation: CallCancellation;
  }) {
    this.moduleId = fields.moduleId;
    this.data = fields.data;
    if (fields.identity !== undefined) this.identity = fields.identity;
    this.#cancellation = fields.cancellation;
  }

  get signal(): AbortSignal {
    return this.#cancellation.signal;
  }
}

/**
 * What cancels a call: shutdown, the request's own signal (`notifications/cancelled`, a closed
 * session) and, over HTTP, the client closing the request that carries it.
 */
function signalsOf(extra: RouterCallExtra, shutdown: AbortSignal): readonly AbortSignal[] {
  const signals = [shutdown];
  if (extra.signal !== undefined) signals.push(extra.signal);
  const requestClosed = readRequestClosedSignal(extra);
  if (requestClosed !== undefined) signals.push(requestClosed);
  return Object.freeze(signals);
}
