import { setMaxListeners } from 'node:events';
import { REQUIRES_APPROVAL_META_KEY } from '@apcore-mcp/annotations';
import {
  type ContextFactory,
  type ExecutorLike,
  type Identity,
  silentLogger,
  supportsContextApproval,
} from '@apcore-mcp/core';
import { createToolErrorResult, ErrorMapper } from '@apcore-mcp/errors';
import { type InputRequiredResult, isInputRequiredResult } from '@modelcontextprotocol/server';
import {
  type RoutedCall,
  routeCallerToolCall,
  withErrorPrefix,
} from '../grouping/route-tool-call.js';
import { type Logger, withFields } from '../logger.js';
import { type CallTracing, createCallTracing } from '../observability/call-tracing.js';
import { createMemoryLimitStore } from '../store/memory-limit-store.js';
import { claimRoundsIn, type RoundClaims } from '../store/round-claims.js';
import type { ServedTool, ToolSource } from '../tools/served-tool.js';
import { type ApprovalOption, resolveApproval } from './approval-option.js';
import { ApprovalRequiredError } from './approval-required-error.js';
import { CallCounter } from './call-counter.js';
import { type RouterCallExtra, readCallTraceId, resolveIdentity } from './call-extra.js';
import { ANONYMOUS_SUBJECT, type CallGovernance, type GovernedCall } from './call-governance.js';
import type { CallAnswer, CallObserver } from './call-observer.js';
import type { ExecutionRouterOptions } from './execution-router-options.js';
import { InputRequiredSignal } from './input-required-signal.js';
import { InputValidator } from './input-validator.js';
import { logCall, withCallTrace } from './log-call.js';
import { openCall } from './open-call.js';
import { openCallRounds } from './open-call-rounds.js';
import { resolveContextFactory } from './resolve-context-factory.js';
import { ROUND_CLAIM_LIFETIME_MS } from './rounds-state.js';
import { refuseShuttingDown } from './shutting-down.js';
import { refuseStoreUnavailable } from './store-unavailable.js';
import { streamCall } from './stream-call.js';
import type { ToolCallResult } from './tool-call-result.js';
import { toSuccessResult, validationFailed } from './tool-result.js';

export type { ExecutionRouterOptions } from './execution-router-options.js';

/**
 * Routes MCP tool calls through the apcore executor and turns the outcome into a
 * {@link ToolCallResult}. `handleCall` never throws: every failure becomes the ErrorMapper's
 * `isError` result. It also counts the calls in flight so shutdown can wait for them.
 *
 * A streaming module (`stream` + `annotations.streaming`) called with a `progressToken` runs
 * through `executor.stream()`: one `notifications/progress` per chunk, one merged result. A
 * module annotated `requiresApproval` runs only once approved (see `approval`).
 *
 * @example
 * ```ts
 * const router = new ExecutionRouter({ executor, tools: table, logger });
 * const result = await router.handleCall('math-add', { a: 1, b: 2 });
 * ```
 */
export class ExecutionRouter {
  readonly #executor: ExecutorLike;
  readonly #tools: ToolSource;
  readonly #logger: Logger;
  readonly #validator: InputValidator;
  readonly #validateInputs: boolean;
  readonly #contextFactory: ContextFactory | undefined;
  /**
   * Who asks approval, decided once. An executor that asks the approval a context carries (the
   * core runtime's) does so after its ACL and input validation, and for nested calls too — when
   * it also builds the contexts, so the approval reaches it. Otherwise the router asks, before
   * calling the executor at all.
   */
  readonly #executorAsksApproval: boolean;
  readonly #identity: Identity | undefined;
  readonly #approval: ApprovalOption;
  readonly #tracing: CallTracing | undefined;
  readonly #governance: CallGovernance | undefined;
  readonly #toolsFor: ExecutionRouterOptions['toolsFor'];
  readonly #roundClaims: RoundClaims;
  readonly #calls = new CallCounter();
  readonly #shutdown = new AbortController();
  #accepting = true;
  /**
   * Watches every call from now on; `undefined` (default) watches none. Settable after
   * construction because a metrics observer loads its library asynchronously.
   */
  observer: CallObserver | undefined;

  constructor(options: ExecutionRouterOptions) {
    this.#executor = options.executor;
    this.#tools = options.tools;
    this.#logger = options.logger ?? silentLogger;
    this.#validator = new InputValidator({ logger: this.#logger });
    this.#validateInputs = options.validateInputs === true;
    this.#contextFactory = resolveContextFactory(options.executor, options.contextFactory);
    this.#executorAsksApproval =
      supportsContextApproval(options.executor) &&
      (this.#contextFactory as unknown) === options.executor;
    this.#identity = options.identity;
    this.#approval = resolveApproval(options.approval);
    this.#tracing = createCallTracing(options.tracing, options.tools);
    this.#governance = options.governance;
    this.#toolsFor = options.toolsFor;
    this.#roundClaims =
      options.roundClaims ?? claimRoundsIn(createMemoryLimitStore(), ROUND_CLAIM_LIFETIME_MS);
    this.observer = options.observer;
    // Every running call follows this one signal: many calls in flight are not a leak.
    setMaxListeners(0, this.#shutdown.signal);
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
    if (this.#tracing === undefined) return this.#answer(name, args, extra);
    return this.#tracing.traceToolCall(name, extra, (traced) => this.#answer(name, args, traced));
  }

  /** The call's answer, told to the observer. */
  async #answer(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): Promise<CallAnswer> {
    const startedAt = performance.now();
    const served = this.#tools.get(name);
    const answer = this.#accepting
      ? await this.#settle(name, served, args, extra, startedAt)
      : refuseShuttingDown();
    // Only a served tool's name is shown to the observer, never the client's string.
    const tool = served === undefined ? undefined : name;
    this.observer?.answered({ tool, answer, durationMs: performance.now() - startedAt });
    return answer;
  }

  async #settle(
    name: string,
    found: ServedTool | undefined,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
    startedAt: number,
  ): Promise<CallAnswer> {
    this.#calls.enter();
    // A grouped tool's call runs as its action's module: everything below sees that module.
    const toolsFor = this.#toolsFor;
    const shown = toolsFor && (() => toolsFor(resolveIdentity(extra, this.#identity)).get(name));
    const routed = routeCallerToolCall(name, found, args, shown);
    const { served } = routed;
    const governed = served && this.#governed(name, served, routed.arguments, extra);
    let settled: { result: ToolCallResult; ran: boolean };
    try {
      if (routed.failure !== undefined || served === undefined) throw routed.failure;
      const answer = await this.#callTool(served, routed, extra, governed);
      // Not a failure: this attempt ends with a question, the client retries with the answer.
      if (isInputRequiredResult(answer)) return answer;
      settled = answer;
    } catch (error) {
      // Not a failure: this attempt ends with a question, the client retries with the answer.
      if (InputRequiredSignal.isInstance(error)) return error.answer;
      settled = { result: this.#mapError(name, error, extra), ran: true };
    } finally {
      this.#calls.leave();
    }
    settled.result = withErrorPrefix(settled.result, routed.errorPrefix);
    logCall(withCallTrace(this.#logger, extra), name, settled.result, startedAt);
    if (governed !== undefined) {
      const durationMs = performance.now() - startedAt;
      this.#governance?.settle?.(governed, { ...settled, durationMs });
    }
    return settled.result;
  }

  /** The call as governance sees it; `undefined` without governance (nothing is built). */
  #governed(
    name: string,
    served: ServedTool,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): GovernedCall | undefined {
    if (this.#governance === undefined) return undefined;
    const identity = resolveIdentity(extra, this.#identity);
    const subject = identity?.id ?? ANONYMOUS_SUBJECT;
    const traceId = readCallTraceId(extra);
    return { tool: name, served, subject, identity, arguments: args, traceId };
  }

  /** Refuses calls from now on ("Server is shutting down"); running calls go on. */
  stopAccepting(): void {
    this.#accepting = false;
  }

  /**
   * Waits until no call is running, or `timeoutMs` passed. Resolves `true` when drained.
   *
   * @example
   * ```ts
   * router.stopAccepting();
   * if (!(await router.drain(5000))) router.abortAll();
   * ```
   */
  drain(timeoutMs: number): Promise<boolean> {
    return this.#calls.whenIdle(timeoutMs);
  }

  /** Aborts the signal of every running call (modules that honour it stop early). */
  abortAll(): void {
    this.#shutdown.abort(new Error('Server shut down'));
  }

  /**
   * One call, top to bottom: input check, governance, context, approval, executor, result.
   * `ran` is false when governance refused it.
   */
  async #callTool(
    served: ServedTool,
    routed: RoutedCall,
    extra: RouterCallExtra,
    governed: GovernedCall | undefined,
  ): Promise<{ result: ToolCallResult; ran: boolean } | InputRequiredResult> {
    const { moduleId, tool } = served;
    const args = routed.arguments;
    const approveHere =
      !this.#executorAsksApproval && tool._meta?.[REQUIRES_APPROVAL_META_KEY] === true;
    // Checked before approval too: nobody is asked to approve a call that cannot run. A grouped
    // call always is: the merged schema clients see is looser than its action's own.
    if (this.#validateInputs || approveHere || routed.grouped) {
      const failures = this.#validator.validate(tool, args);
      // Refused before governance admitted it: nothing ran, nothing is spent.
      if (failures !== undefined) {
        return { result: this.#mapError(tool.name, validationFailed(failures), extra), ran: false };
      }
    }
    const refusal = governed && (await this.#governance?.admit?.(governed));
    if (refusal !== undefined) return { result: refusal, ran: false };
    const logger = withFields(withCallTrace(this.#logger, extra), { tool: tool.name });
    const binding = { tool: tool.name, arguments: args };
    const rounds = await openCallRounds(extra, binding, { claims: this.#roundClaims, logger });
    if (rounds === 'unavailable') return { result: refuseStoreUnavailable(), ran: false };
    const call = openCall(served, extra, {
      executor: this.#executor,
      contextFactory: this.#contextFactory,
      shutdown: this.#shutdown.signal,
      identity: this.#identity,
      approval: this.#approval,
      approvalInContext: this.#executorAsksApproval,
      logger,
      rounds,
      observer: this.observer,
    });
    let output: Record<string, unknown>;
    try {
      if (approveHere) await call.approval.check(moduleId, args);
      output =
        call.progress === undefined
          ? await this.#executor.call(moduleId, args, call.context)
          : await streamCall(this.#executor, call, args);
    } catch (error) {
      // A question ends the attempt, however the module or a middleware handled the signal.
      if (call.rounds?.asked !== undefined) return call.rounds.asked;
      throw error;
    } finally {
      call.cancellation.close();
    }
    return call.rounds?.asked ?? { result: toSuccessResult(tool, output), ran: true };
  }

  #mapError(tool: string, error: unknown, extra: RouterCallExtra): ToolCallResult {
    // Its message is written for the client: it says how to allow the call.
    if (ApprovalRequiredError.isInstance(error)) {
      return createToolErrorResult(error.message, error.code);
    }
    // A mapper per failure binds the tool name to whatever it logs (unexpected errors + stack).
    const logger = withFields(withCallTrace(this.#logger, extra), { tool });
    return new ErrorMapper({ logger }).toMcpError(error);
  }
}
