import { REQUIRES_APPROVAL_META_KEY } from '@apcore-mcp/annotations';
import {
  type ContextFactory,
  type ContextRequest,
  type ExecutorLike,
  type Identity,
  MCP_APPROVAL_KEY,
  serializeOutput,
  silentLogger,
  supportsContextApproval,
} from '@apcore-mcp/core';
import { createToolErrorResult, ErrorMapper } from '@apcore-mcp/errors';
import { type Context, Executor } from '@apcore-mcp/runtime';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { type ApprovalOption, resolveApproval } from './approval-option.js';
import { ApprovalRequiredError } from './approval-required-error.js';
import { CallApproval, describeModule } from './call-approval.js';
import { CallCancellation } from './call-cancellation.js';
import {
  buildContextData,
  createElicitSender,
  createProgressSender,
  type RouterCallExtra,
  readRequestClosedSignal,
  resolveContextFactory,
  resolveIdentity,
} from './call-context.js';
import { CallCounter } from './call-counter.js';
import { collectStream, shouldStream } from './collect-stream.js';
import { InputValidator } from './input-validator.js';
import { isLevelEnabled, type Logger, withFields } from './logger.js';
import { moduleNotFound, toSuccessResult, validationFailed } from './tool-result.js';
import type { ServedTool, ToolSource } from './tool-source.js';

/**
 * Options of {@link ExecutionRouter}.
 *
 * @example
 * ```ts
 * const options: ExecutionRouterOptions = { executor, tools: listener, validateInputs: true };
 * ```
 */
export interface ExecutionRouterOptions {
  /** Runs every call (`executor.call()`): ACL, validation, middleware, timeout all apply. */
  executor: ExecutorLike;
  /**
   * The served tools. A name not in it is answered "Module not found" without reaching the
   * executor, so tag/prefix filters and unregistered modules cannot be called around.
   */
  tools: ToolSource;
  logger?: Logger;
  /** Check arguments against the tool's input schema before the executor; default false. */
  validateInputs?: boolean;
  /** Builds contexts for an executor without `createContext`. */
  contextFactory?: ContextFactory;
  /** The caller when the request carries none. */
  identity?: Identity;
  /**
   * Who approves modules annotated `requiresApproval`: `'elicit'` (default: ask the user through
   * the client), `'deny'`, `'allow'`, or a handler `(request) => boolean | Promise<boolean>`.
   */
  approval?: ApprovalOption;
}

/** Everything one call carries. */
interface PreparedCall {
  name: string;
  /** The module the tool runs: what the executor is called with. */
  moduleId: string;
  args: Record<string, unknown>;
  tool: Tool;
  extra: RouterCallExtra;
  cancellation: CallCancellation;
  /** Binds the tool name to whatever the call logs. */
  logger: Logger;
  approval: CallApproval;
  /** What the executor gets as its context (`undefined`: none of ours). */
  context: unknown;
  streaming: boolean;
}

/**
 * The `apcore/errorCode` of the result a call gets once shutdown has begun.
 *
 * @example
 * ```ts
 * if (result._meta?.['apcore/errorCode'] === SHUTTING_DOWN_CODE) retryElsewhere();
 * ```
 */
export const SHUTTING_DOWN_CODE = 'SERVER_SHUTTING_DOWN';

/**
 * Routes MCP tool calls through the apcore executor and turns the outcome into a
 * `CallToolResult`. `handleCall` never throws: every failure becomes the ErrorMapper's
 * `isError` result. It also counts the calls in flight so shutdown can wait for them.
 *
 * A streaming module (`stream` + `annotations.streaming`) called with a `progressToken` runs
 * through `executor.stream()`: one `notifications/progress` per chunk, one merged result. A
 * module annotated `requiresApproval` runs only once approved (see `approval`).
 *
 * @example
 * ```ts
 * const router = new ExecutionRouter({ executor, tools: listener, logger });
 * const result = await router.handleCall('math.add', { a: 1, b: 2 });
 * ```
 */
export class ExecutionRouter {
  readonly #executor: ExecutorLike;
  readonly #tools: ToolSource;
  readonly #logger: Logger;
  /** Checks every call's arguments with `validateInputs`, else those it asks approval for. */
  readonly #validator: InputValidator;
  readonly #validateInputs: boolean;
  readonly #contextFactory: ContextFactory | undefined;
  /** The context factory is the core executor's own `createContext`, which reads `signals`. */
  readonly #factoryFollowsSignals: boolean;
  /** The core executor, which can answer a call at once (`callEager`); other executors can't. */
  readonly #eagerExecutor: Executor | undefined;
  readonly #identity: Identity | undefined;
  readonly #approval: ApprovalOption;
  readonly #calls = new CallCounter();
  readonly #shutdown = new AbortController();
  /** The cancellation of every call that comes without a signal of its own. */
  readonly #shutdownOnly: readonly AbortSignal[] = Object.freeze([this.#shutdown.signal]);
  #accepting = true;
  /** Made once rather than per call: every call's approval may describe a module. */
  readonly #describe = (moduleId: string): string =>
    describeModule(this.#executor.registry, moduleId);

  constructor(options: ExecutionRouterOptions) {
    this.#executor = options.executor;
    this.#tools = options.tools;
    this.#logger = options.logger ?? silentLogger;
    this.#validator = new InputValidator({ logger: this.#logger });
    this.#validateInputs = options.validateInputs === true;
    this.#contextFactory = resolveContextFactory(options.executor, options.contextFactory);
    this.#factoryFollowsSignals =
      this.#contextFactory?.createContext === Executor.prototype.createContext;
    this.#eagerExecutor = options.executor instanceof Executor ? options.executor : undefined;
    this.#identity = options.identity;
    this.#approval = resolveApproval(options.approval);
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
   * const result = await router.handleCall('math.add', { a: 1, b: 2 }, { signal });
   * ```
   */
  handleCall(
    name: string,
    args: Record<string, unknown> = {},
    extra: RouterCallExtra = {},
  ): Promise<CallToolResult> {
    if (!this.#accepting) {
      return Promise.resolve(createToolErrorResult('Server is shutting down', SHUTTING_DOWN_CODE));
    }
    return this.#run(name, args, extra);
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

  /** Counts and logs the call around {@link ExecutionRouter.#route}, turning failures into results. */
  #run(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): Promise<CallToolResult> {
    this.#calls.enter();
    const startedAt = isLevelEnabled(this.#logger, 'debug') ? performance.now() : undefined;
    let routing: CallToolResult | Promise<CallToolResult>;
    try {
      routing = this.#route(name, args, extra);
    } catch (error) {
      routing = this.#mapError(name, error);
    }
    // A method rather than a closure for the answer at hand: a closure per call costs more.
    if (!(routing instanceof Promise))
      return Promise.resolve(this.#finish(name, routing, startedAt));
    return routing.then(
      (result) => this.#finish(name, result, startedAt),
      (error: unknown) => this.#finish(name, this.#mapError(name, error), startedAt),
    );
  }

  /** Ends a call: counts it out, and logs it when debug logging started a clock for it. */
  #finish(name: string, result: CallToolResult, startedAt: number | undefined): CallToolResult {
    this.#calls.leave();
    if (startedAt !== undefined) this.#logCall(name, result, startedAt);
    return result;
  }

  #logCall(name: string, result: CallToolResult, startedAt: number): void {
    try {
      this.#logger.debug(
        {
          tool: name,
          durationMs: Math.round((performance.now() - startedAt) * 100) / 100,
          isError: result.isError === true,
          ...(result.isError ? { errorCode: result._meta?.['apcore/errorCode'] } : {}),
        },
        'Tool call',
      );
    } catch {
      // A logger that fails must not turn an answered call into a failure.
    }
  }

  /** The call's result, or the promise of it once it reaches the executor. */
  #route(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): CallToolResult | Promise<CallToolResult> {
    const served = this.#tools.get(name);
    if (served === undefined) return this.#mapError(name, moduleNotFound(name));
    const { tool } = served;
    const failures = this.#validateInputs ? this.#validator.validate(tool, args) : undefined;
    if (failures !== undefined) return this.#mapError(name, validationFailed(failures));
    const call = this.#prepare(name, served, args, extra);
    // An executor that asks the approval its context carries does so after its ACL and input
    // validation, and for nested calls too; any other executor is guarded here, before it is
    // called at all, once the arguments are known to be valid: nobody approves a call that
    // cannot run.
    if (tool._meta?.[REQUIRES_APPROVAL_META_KEY] === true && !this.#executorAsks(call)) {
      // Already checked above with validateInputs.
      const invalid = this.#validateInputs ? undefined : this.#validator.validate(tool, args);
      if (invalid !== undefined) return this.#mapError(name, validationFailed(invalid));
      return call.approval.check(call.moduleId, args).then(() => this.#execute(call));
    }
    return this.#execute(call);
  }

  #execute(call: PreparedCall): CallToolResult | Promise<CallToolResult> {
    if (call.streaming) return this.#stream(call);
    // The one place a module runs atomically. The core executor answers at once when it can,
    // which spares a turn of the microtask queue per `then` on the way back.
    const answer =
      this.#eagerExecutor === undefined
        ? this.#executor.call(call.moduleId, call.args, call.context)
        : this.#eagerExecutor.callEager(
            call.moduleId,
            call.args,
            call.context as Context | undefined,
          );
    if (answer instanceof Promise)
      return answer.then((output) => toSuccessResult(call.tool, output));
    return toSuccessResult(call.tool, answer);
  }

  #prepare(
    name: string,
    { moduleId, tool }: ServedTool,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): PreparedCall {
    const cancellation = new CallCancellation(this.#signalsOf(extra));
    const identity = resolveIdentity(extra, this.#identity);
    const logger = withFields(this.#logger, { tool: name });
    const elicit = createElicitSender(extra, { cancellation, logger });
    const approval = new CallApproval({
      option: this.#approval,
      elicit,
      identity,
      describe: this.#describe,
      logger,
    });
    const streaming = shouldStream(this.#executor, { moduleId, tool }, extra);
    // While streaming, the chunks are the progress: the module gets no sender of its own.
    const data = buildContextData({
      progress: streaming ? undefined : createProgressSender(extra, logger),
      elicit,
      approval,
    });
    const request: ContextRequest = { moduleId, data, signals: cancellation.signals };
    // The core executor follows the separate signals; any other factory gets them joined.
    if (!this.#factoryFollowsSignals) request.signal = cancellation.signal;
    if (identity !== undefined) request.identity = identity;
    const context = this.#contextFactory?.createContext(request);
    return {
      name,
      moduleId,
      args,
      tool,
      extra,
      cancellation,
      logger,
      approval,
      context,
      streaming,
    };
  }

  /**
   * What cancels a call: shutdown, the request's own signal (`notifications/cancelled`, a closed
   * session) and, over HTTP, the client closing the request that carries it.
   */
  #signalsOf(extra: RouterCallExtra): readonly AbortSignal[] {
    const requestClosed = readRequestClosedSignal(extra);
    if (extra.signal === undefined && requestClosed === undefined) return this.#shutdownOnly;
    const signals = [this.#shutdown.signal];
    if (extra.signal !== undefined) signals.push(extra.signal);
    if (requestClosed !== undefined) signals.push(requestClosed);
    return Object.freeze(signals);
  }

  async #stream(call: PreparedCall): Promise<CallToolResult> {
    const { moduleId, args, tool, extra } = call;
    // shouldStream() made sure of both; the check narrows the types.
    const progress = createProgressSender(extra, call.logger);
    if (progress === undefined || !this.#executor.stream) {
      throw new TypeError('streaming needs a progressToken, a notification channel and stream()');
    }
    const merged = await collectStream({
      moduleId,
      chunks: this.#executor.stream(moduleId, args, call.context),
      signal: call.cancellation.signal,
      onChunk: (chunk, index) => progress(index, undefined, serializeOutput(chunk)),
    });
    return toSuccessResult(tool, merged);
  }

  /** Whether the executor will ask this call's approval itself (it found it in its context). */
  #executorAsks(call: PreparedCall): boolean {
    if (!supportsContextApproval(this.#executor)) return false;
    const data = (call.context as { data?: Record<string, unknown> } | undefined)?.data;
    return typeof data === 'object' && data !== null && data[MCP_APPROVAL_KEY] === call.approval;
  }

  #mapError(tool: string, error: unknown): CallToolResult {
    // Its message is written for the client: it says how to allow the call.
    if (ApprovalRequiredError.isInstance(error)) {
      return createToolErrorResult(error.message, error.code);
    }
    // A mapper per failure binds the tool name to whatever it logs (unexpected errors + stack).
    return new ErrorMapper({ logger: withFields(this.#logger, { tool }) }).toMcpError(error);
  }
}
