import { setMaxListeners } from 'node:events';
import { REQUIRES_APPROVAL_META_KEY } from '@apcore-mcp/annotations';
import type { Identity } from '@apcore-mcp/core';
import {
  type ContextFactory,
  silentLogger,
  supportsContextApproval,
} from '@apcore-mcp/core/bridge';
import type { InputRequiredResult } from '@modelcontextprotocol/server';
import { type RouterCallExtra, resolveIdentity } from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';
import type { ToolCallResult } from '../kernel/tool-call-result.js';
import { createMemoryLimitStore } from '../store/memory-limit-store.js';
import { claimRoundsIn, type RoundClaims } from '../store/round-claims.js';
import { resolveApproval } from './approval-option.js';
import { CallCounter } from './call-counter.js';
import type { CallAnswer, CallObserver } from './call-observer.js';
import type { ExecutionRouterOptions } from './execution-router-options.js';
import { createApprovalEntry } from './pipeline/approval-entry.js';
import {
  type CallHandler,
  type CallMiddleware,
  type CheckedMiddleware,
  composeCall,
  type OpenedMiddleware,
  throughStage,
} from './pipeline/call-middleware.js';
import { answerErrors } from './pipeline/errors-entry.js';
import { createExecuteCall } from './pipeline/execute-call.js';
import { logAnsweredCall } from './pipeline/log-entry.js';
import { DEFAULT_MAX_RESULT_BYTES } from './pipeline/max-result-bytes.js';
import { createObserveEntry } from './pipeline/observe-entry.js';
import { createOpenEntry } from './pipeline/open-entry.js';
import { createPreflightEntry, stopPreflight } from './pipeline/preflight-entry.js';
import { answerQuestions } from './pipeline/questions-entry.js';
import { createResultSizeEntry } from './pipeline/result-size-entry.js';
import { createRoundsEntry } from './pipeline/rounds-entry.js';
import { createRouteEntry } from './pipeline/route-entry.js';
import { holdToTaskSupport } from './pipeline/task-support-entry.js';
import { type CheckedCall, ToolCall } from './pipeline/tool-call.js';
import { createValidateEntry } from './pipeline/validate-entry.js';
import { resolveContextFactory } from './resolve-context-factory.js';
import { ROUND_CLAIM_LIFETIME_MS } from './rounds-state.js';
import { refuseShuttingDown } from './shutting-down.js';

export type { ExecutionRouterOptions } from './execution-router-options.js';

/**
 * Routes MCP tool calls through the apcore executor and turns the outcome into a
 * {@link ToolCallResult}. `handleCall` never throws: every failure becomes the ErrorMapper's
 * `isError` result; `answerRequest`, what a client's `tools/call` goes through, rejects with
 * the JSON-RPC error of a refusal the protocol answers so. It also counts the calls in flight
 * so shutdown can wait for them.
 *
 * A call goes through one ordered list of call middlewares, built in the constructor: reading
 * it tells everything that happens to a call, and in which order. A streaming module (`stream`
 * + `annotations.streaming`) called with a `progressToken` runs through `executor.stream()`:
 * one `notifications/progress` per chunk, one merged result. A module annotated
 * `requiresApproval` runs only once approved (see `approval`).
 *
 * @example
 * ```ts
 * const router = new ExecutionRouter({ executor, tools: table, logger });
 * const result = await router.handleCall('math-add', { a: 1, b: 2 });
 * ```
 */
export class ExecutionRouter {
  readonly #logger: Logger;
  readonly #identity: Identity | undefined;
  readonly #run: CallHandler;
  readonly #calls = new CallCounter();
  /** The other requests in flight (reads, prompts, lists...): shutdown waits for them too. */
  readonly #requests = new CallCounter();
  readonly #shutdown = new AbortController();
  #accepting = true;
  /**
   * Watches every call from now on; `undefined` (default) watches none. Settable after
   * construction because a metrics observer loads its library asynchronously.
   */
  observer: CallObserver | undefined;

  constructor(options: ExecutionRouterOptions) {
    this.#logger = options.logger ?? silentLogger;
    this.#identity = options.identity;
    this.observer = options.observer;
    this.#run = this.#pipeline(options);
    // Every running call follows this one signal: many calls in flight are not a leak.
    setMaxListeners(0, this.#shutdown.signal);
  }

  /**
   * The call's pipeline in three stages, each step typed with what is set by then: any call;
   * past the input check (its module known); opened (its context built).
   */
  #pipeline(options: ExecutionRouterOptions): CallHandler {
    const { executor, tools, entries = {} } = options;
    const logger = this.#logger;
    const contextFactory = resolveContextFactory(executor, options.contextFactory);
    // Who asks approval, decided once: an executor that asks the approval its context carries
    // (the core runtime's) does so after its ACL, for nested calls too, when it also builds the
    // contexts. Otherwise the server asks, before calling the executor at all.
    const executorAsks =
      supportsContextApproval(executor) && (contextFactory as unknown) === executor;
    const approvalHere = (call: CheckedCall): boolean =>
      !executorAsks && call.served.tool._meta?.[REQUIRES_APPROVAL_META_KEY] === true;
    const anyCall: (CallMiddleware | undefined)[] = [
      entries.tracing, // a span around everything below
      createObserveEntry(tools, () => this.observer), // metrics: every answer, refusals too
      this.#admitWhileAccepting, // refused once shutdown began; counted while in flight
      logAnsweredCall, // one line per answered call: debug, or warn/error for a failure
      entries.record, // the ledger and usage hear every answered call of a served tool
      answerErrors, // thrown -> sanitized error result, or a ProtocolRefusal's JSON-RPC error
      createResultSizeEntry(options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES), // never sent whole
      answerQuestions, // a question asked ends the attempt with it, however it was handled
      entries.search, // tool search: answers search_tools; call_tool goes on as its target's call
      createRouteEntry({ tools, toolsFor: options.toolsFor, logger }),
      holdToTaskSupport, // a task asked of a plain tool; a task-only tool called without one
      entries.guard, // a request that may call no tool (a read-only inspector page's)
    ];
    // An unknown tool or action, or bad input, is refused here; the call goes on checked.
    const checkInput = createValidateEntry({
      always: options.validateInputs === true,
      approvalHere,
      logger,
    });
    const afterCheck = this.#checkedPipeline(options, {
      contextFactory,
      executorAsks,
      approvalHere,
    });
    return composeCall(anyCall, throughStage(checkInput, afterCheck));
  }

  /** The stages of a checked call: limits, tasks, rounds, then opened, approved and run. */
  #checkedPipeline(
    options: ExecutionRouterOptions,
    how: {
      contextFactory: ContextFactory | undefined;
      executorAsks: boolean;
      approvalHere: (call: CheckedCall) => boolean;
    },
  ): CallHandler<CheckedCall> {
    const { executor, entries = {} } = options;
    const checked: (CheckedMiddleware | undefined)[] = [
      createPreflightEntry({ executor, logger: this.#logger }), // a dry run: the report, no run
      admitOnce(entries.admit), // rate limits and budgets (a task's, once when created)
      stopPreflight, // a dry run past the limits ends here
      entries.task, // a call that becomes a task answers with it; its attempts run all this again
      createRoundsEntry(options.roundClaims ?? claimRoundsInMemory()), // 2026-07-28 answers, once
    ];
    const approval = resolveApproval(options.approval);
    const open = createOpenEntry(() => ({
      executor,
      contextFactory: how.contextFactory,
      shutdown: this.#shutdown.signal,
      identity: this.#identity,
      approval,
      approvalInContext: how.executorAsks,
      observer: this.observer,
      callTimeoutMs: options.callTimeoutMs,
      emitEvent: options.emitEvent,
    }));
    const opened: OpenedMiddleware[] = [
      createApprovalEntry(how.approvalHere), // asked here unless the executor asks
    ];
    const execute = createExecuteCall(executor, options);
    return composeCall(checked, throughStage(open, composeCall(opened, execute)));
  }

  /** How many calls are running. */
  get activeCalls(): number {
    return this.#calls.active;
  }

  /**
   * Runs one tool call and answers it; never throws.
   *
   * @example
   * ```ts
   * const result = await router.handleCall('math-add', { a: 1, b: 2 }, { signal });
   * ```
   */
  handleCall(
    name: string,
    args?: Record<string, unknown>,
    extra?: RouterCallExtra & { inputRound?: undefined },
  ): Promise<ToolCallResult>;
  /** With an input round (2026-07-28), a call may also answer with questions. */
  handleCall(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): Promise<ToolCallResult | InputRequiredResult>;
  handleCall(
    name: string,
    args: Record<string, unknown> = {},
    extra: RouterCallExtra = {},
  ): Promise<CallAnswer> {
    return this.#run(this.#toolCall(name, args, extra));
  }

  /**
   * Answers a client's `tools/call` request: {@link handleCall}, except that a call a step
   * refused with a `ProtocolRefusal` (an unknown tool, a task asked of a plain tool, a task-only
   * tool called without a task) rejects with its JSON-RPC error, once every step counted it.
   *
   * @example
   * ```ts
   * const answer = await router.answerRequest(params.name, params.arguments ?? {}, extra);
   * ```
   */
  async answerRequest(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): Promise<CallAnswer> {
    const call = this.#toolCall(name, args, extra);
    const answer = await this.#run(call);
    const protocolError = call.failure?.protocolError;
    if (protocolError !== undefined) throw protocolError;
    return answer;
  }

  #toolCall(name: string, args: Record<string, unknown>, extra: RouterCallExtra): ToolCall {
    const identity = resolveIdentity(extra, this.#identity);
    return new ToolCall({ name, arguments: args, extra, identity, logger: this.#logger });
  }

  readonly #admitWhileAccepting: CallMiddleware = async (_call, next) => {
    if (!this.#accepting) return refuseShuttingDown();
    this.#calls.enter();
    try {
      return await next();
    } finally {
      this.#calls.leave();
    }
  };

  /**
   * Runs a request other than a tool call (`resources/read`, `prompts/get`, a list...) counted
   * in flight, so {@link ExecutionRouter.drain} waits for it too; once shutdown began, answers
   * `undefined` and runs nothing. Not counted in {@link ExecutionRouter.activeCalls}.
   *
   * @example
   * ```ts
   * const answer = await router.admitRequest(() => handler(params, ctx));
   * if (answer === undefined) throw shuttingDown;
   * ```
   */
  async admitRequest<T>(run: () => Promise<T>): Promise<T | undefined> {
    if (!this.#accepting) return undefined;
    this.#requests.enter();
    try {
      return await run();
    } finally {
      this.#requests.leave();
    }
  }

  /** Refuses calls and requests from now on ("Server is shutting down"); running ones go on. */
  stopAccepting(): void {
    this.#accepting = false;
  }

  /**
   * Waits until no call (nor request admitted by {@link ExecutionRouter.admitRequest}) is
   * running, or `timeoutMs` passed. Resolves `true` when drained.
   *
   * @example
   * ```ts
   * router.stopAccepting();
   * if (!(await router.drain(5000))) router.abortAll();
   * ```
   */
  async drain(timeoutMs: number): Promise<boolean> {
    const drained = await Promise.all([
      this.#calls.whenIdle(timeoutMs),
      this.#requests.whenIdle(timeoutMs),
    ]);
    return drained.every(Boolean);
  }

  /** Aborts the signal of every running call (modules that honour it stop early). */
  abortAll(): void {
    this.#shutdown.abort(new Error('Server shut down'));
  }
}

/** Where rounds are claimed when no shared store is given: this router's memory. */
function claimRoundsInMemory(): RoundClaims {
  return claimRoundsIn(createMemoryLimitStore(), ROUND_CLAIM_LIFETIME_MS);
}

/** `admit`, but not again for the attempts of a task: the task was admitted when created. */
function admitOnce(admit: CheckedMiddleware | undefined): CheckedMiddleware | undefined {
  if (admit === undefined) return undefined;
  return (call, next) => (call.extra.task === undefined ? admit(call, next) : next());
}
