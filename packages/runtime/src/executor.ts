import {
  ACLDeniedError,
  type ApprovalHandler,
  CONTEXT_APPROVAL_MARKER,
  type ContextFactory,
  type ContextRequest,
  ExecutionCancelledError,
  type ExecutorLike,
  type FieldError,
  isRecord,
  type Logger,
  type ModuleLike,
  ModuleNotFoundError,
  ModuleTimeoutError,
  SchemaValidationError,
  silentLogger,
} from '@apcore-mcp/core';
import {
  type ApprovalCheck,
  checkApproval,
  readContextApprovalHandler,
  requiresApproval,
} from './approval.js';
import { CallScope } from './call-scope.js';
import { Context, cancellationOf, deriveContext } from './context.js';
import {
  type AccessControl,
  type ExecutorOptions,
  type ModuleSource,
  type PreparedCall,
  readLimit,
  type ValidationResult,
} from './executor-options.js';
import { guardCallChain } from './guard-call-chain.js';
import {
  type Middleware,
  type MiddlewareCall,
  runAfter,
  runBefore,
  runOnError,
} from './middleware.js';
import { toModuleOutput } from './module-output.js';
import { PendingWork, runModuleStream, startModuleWork } from './run-module-stream.js';
import { ROOT_FIELD } from './schema-validator.js';
import { ValidatorCache } from './validator-cache.js';

/**
 * Runs modules through the apcore pipeline: context -> safety checks (depth, cycle, frequency)
 * -> lookup -> ACL -> input validation -> approval -> middleware `before` -> execute (timeout,
 * abort signal) -> output validation -> middleware `after` (`onError` on failure) -> result.
 *
 * It is also a {@link ContextFactory}: bridges build top-level contexts with `createContext`.
 *
 * @example
 * ```ts
 * const executor = new Executor(registry, { acl, defaultTimeoutMs: 10_000 });
 * const output = await executor.call('image.resize', { width: 100 });
 * for await (const chunk of executor.stream('report.build', {})) console.log(chunk);
 * ```
 */
export class Executor implements ExecutorLike, ContextFactory {
  /** Announces that this executor asks the approval handler a context carries. */
  readonly [CONTEXT_APPROVAL_MARKER] = true;
  readonly registry: ModuleSource;
  readonly #middlewares: Middleware[];
  readonly #validators = new ValidatorCache();
  readonly #acl: AccessControl | null;
  readonly #approvalHandler: ApprovalHandler | null;
  readonly #defaultTimeoutMs: number;
  readonly #maxCallDepth: number;
  readonly #maxModuleRepeat: number;
  readonly #logger: Logger;

  constructor(registry: ModuleSource, options: ExecutorOptions = {}) {
    this.registry = registry;
    this.#acl = options.acl ?? null;
    this.#approvalHandler = options.approvalHandler ?? null;
    this.#middlewares = [...(options.middlewares ?? [])];
    this.#defaultTimeoutMs = readLimit(options.defaultTimeoutMs, {
      name: 'defaultTimeoutMs',
      fallback: 30_000,
      min: 0,
    });
    this.#maxCallDepth = readLimit(options.maxCallDepth, {
      name: 'maxCallDepth',
      fallback: 32,
      min: 1,
    });
    this.#maxModuleRepeat = readLimit(options.maxModuleRepeat, {
      name: 'maxModuleRepeat',
      fallback: 3,
      min: 1,
    });
    this.#logger = options.logger ?? silentLogger;
    const forget = (moduleId: string) => this.#validators.forget(moduleId);
    registry.on('register', forget);
    registry.on('unregister', forget);
  }

  /** The middlewares, in `before` order. */
  get middlewares(): readonly Middleware[] {
    return [...this.#middlewares];
  }

  /** Appends a middleware; returns the executor for chaining. */
  use(middleware: Middleware): this {
    this.#middlewares.push(middleware);
    return this;
  }

  /** Removes a middleware; `false` when it was not there. */
  remove(middleware: Middleware): boolean {
    const index = this.#middlewares.indexOf(middleware);
    if (index === -1) return false;
    this.#middlewares.splice(index, 1);
    return true;
  }

  /** A top-level context for a call made on behalf of `request` (identity, data, signal). */
  createContext(request: ContextRequest): Context {
    // Every key in one literal (absent ones undefined): adding keys one by one would make the
    // object grow a second store for them, on every call.
    return Context.create({
      executor: this,
      identity: request.identity,
      data: request.data,
      // The separate signals when given: reading `request.signal` would join them on the spot.
      signal: request.signals ?? request.signal,
    });
  }

  /** Checks `inputs` against a module's input schema without running it. */
  validate(moduleId: string, inputs: Record<string, unknown>): ValidationResult {
    const module = this.registry.get(moduleId);
    if (module === null) throw new ModuleNotFoundError({ moduleId });
    const errors = this.#inputErrors(moduleId, module, inputs);
    return { valid: errors.length === 0, errors: [...errors] };
  }

  /**
   * Runs `moduleId` with `inputs` through the whole pipeline and resolves to its output.
   * Pass the calling module's `context` for nested calls. An exception thrown by the module
   * itself reaches the caller unchanged (unless an `onError` middleware recovers). A module
   * that only has `stream` answers with its chunks merged (see `mergeChunks`).
   */
  async call(
    moduleId: string,
    inputs: Record<string, unknown> = {},
    context?: Context,
  ): Promise<Record<string, unknown>> {
    const answer = this.callEager(moduleId, inputs, context);
    return answer instanceof Promise ? await answer : answer;
  }

  /**
   * {@link Executor.call} answering at once when it can: the output itself when no step had to
   * wait (no approval to ask, no middleware, a synchronous module), else the promise of it. A
   * failure is thrown in the first case and rejects the promise in the second. For callers on a
   * hot path: every `await` of an answer that was already there costs a turn of the microtask
   * queue, more than some calls take.
   *
   * @example
   * ```ts
   * const answer = executor.callEager('math.add', { a: 1, b: 2 });
   * const output = answer instanceof Promise ? await answer : answer;
   * ```
   */
  callEager(
    moduleId: string,
    inputs: Record<string, unknown> = {},
    context?: Context,
  ): Record<string, unknown> | Promise<Record<string, unknown>> {
    const preparing = this.#prepare(moduleId, inputs, context);
    if (preparing instanceof Promise) return preparing.then((prepared) => this.#finish(prepared));
    return this.#finish(preparing);
  }

  /** Runs a prepared call, and releases its scope once it is over. */
  #finish(prepared: PreparedCall): Record<string, unknown> | Promise<Record<string, unknown>> {
    let running: Record<string, unknown> | Promise<Record<string, unknown>>;
    try {
      running = this.#run(prepared);
    } catch (error) {
      prepared.scope.release();
      throw error;
    }
    if (!(running instanceof Promise)) {
      prepared.scope.release();
      return running;
    }
    return running.then(
      (output) => {
        prepared.scope.release();
        return output;
      },
      (error: unknown) => {
        prepared.scope.release();
        throw error;
      },
    );
  }

  /**
   * Like {@link Executor.call}, yielding partial results: a module with `stream` yields its
   * chunks (the merged chunks are validated against the output schema at the end and shown to
   * `after` middlewares, whose return value is ignored); a module without yields its one output.
   */
  async *stream(
    moduleId: string,
    inputs: Record<string, unknown> = {},
    context?: Context,
  ): AsyncGenerator<Record<string, unknown>> {
    const prepared = await this.#prepare(moduleId, inputs, context);
    try {
      if (typeof prepared.module.stream !== 'function') {
        yield await this.#run(prepared);
        return;
      }
      yield* runModuleStream(prepared, {
        middlewares: this.#middlewares,
        call: this.#middlewareCall(prepared),
        timeoutMs: this.#timeoutOf(prepared.module),
        toAbortError: (reason) => this.#toAbortError(prepared, reason),
        checkOutput: (output) => this.#checkOutput(prepared, output),
      });
    } finally {
      prepared.scope.release();
    }
  }

  /**
   * Steps 1-5: context, safety checks, lookup, ACL, input validation, approval. A promise only
   * while an approval is being asked.
   */
  #prepare(
    moduleId: string,
    inputs: unknown,
    parent: Context | undefined,
  ): PreparedCall | Promise<PreparedCall> {
    const base = parent ?? Context.create({ executor: this });
    const scope = new CallScope(cancellationOf(base));
    const context = deriveContext(base, {
      moduleId,
      signalSource: scope,
      fallbackExecutor: this,
    });
    try {
      // A top-level call (a chain of one) passes every check, the limits being at least 1, and
      // is by far the most common: it skips the guard, and the trace id reading it would make.
      if (context.callChain.length > 1) {
        guardCallChain(context.callChain, {
          maxCallDepth: this.#maxCallDepth,
          maxModuleRepeat: this.#maxModuleRepeat,
          traceId: context.traceId,
        });
      }
      const module = this.registry.get(moduleId);
      if (module === null) throw new ModuleNotFoundError({ moduleId, traceId: context.traceId });
      this.#checkAccess(moduleId, context);
      const prepared: PreparedCall = {
        moduleId,
        module,
        inputs: (inputs ?? {}) as Record<string, unknown>,
        context,
        scope,
      };
      // Inputs first: a person is asked only about a call that can run.
      this.#checkInputs(prepared);
      const approving = this.#checkApprovals(prepared);
      if (approving === undefined) return prepared;
      return this.#onceApproved(prepared, approving);
    } catch (error) {
      scope.release();
      throw error;
    }
  }

  async #onceApproved(prepared: PreparedCall, approving: Promise<void>): Promise<PreparedCall> {
    try {
      await approving;
      return prepared;
    } catch (error) {
      prepared.scope.release();
      throw error;
    }
  }

  /** Input validation, before approval. */
  #checkInputs(prepared: PreparedCall): void {
    const errors = this.#inputErrors(prepared.moduleId, prepared.module, prepared.inputs);
    if (errors.length === 0) return;
    throw new SchemaValidationError({ errors: [...errors], traceId: prepared.context.traceId });
  }

  /**
   * Steps 6-9: middleware `before`, execute, output validation, `after`; `onError` on failure.
   * Without middlewares the hooks are skipped rather than awaited (most executors have none).
   */
  #run(prepared: PreparedCall): Record<string, unknown> | Promise<Record<string, unknown>> {
    if (this.#middlewares.length > 0) return this.#runWithMiddlewares(prepared);
    const executing = this.#execute(prepared, prepared.inputs);
    if (executing instanceof Promise) {
      return executing.then((output) => this.#checkOutput(prepared, output));
    }
    return this.#checkOutput(prepared, executing);
  }

  async #runWithMiddlewares(prepared: PreparedCall): Promise<Record<string, unknown>> {
    const call = this.#middlewareCall(prepared);
    const ran: Middleware[] = [];
    let inputs = prepared.inputs;
    try {
      inputs = await runBefore(this.#middlewares, call, inputs, ran);
      const output = this.#checkOutput(prepared, await this.#execute(prepared, inputs));
      return await runAfter(this.#middlewares, call, inputs, output);
    } catch (error) {
      if (ExecutionCancelledError.isInstance(error)) throw error;
      const recovery = await runOnError(ran, call, inputs, error);
      if (recovery !== null) return recovery;
      throw error;
    }
  }

  #checkAccess(moduleId: string, context: Context): void {
    if (this.#acl === null || this.#acl.check(context.callerId, moduleId, context)) return;
    throw new ACLDeniedError({
      callerId: context.callerId ?? '@external',
      targetId: moduleId,
      traceId: context.traceId,
    });
  }

  /**
   * Both must approve: the executor's own handler, then the one the call's context carries.
   * `undefined` when the module requires no approval (nothing to ask, nothing to wait for).
   */
  #checkApprovals(call: ApprovalCheck): Promise<void> | undefined {
    if (!requiresApproval(call.module)) return undefined;
    const contextual = readContextApprovalHandler(call.context);
    if (this.#approvalHandler === null && contextual === null) return undefined;
    return this.#askApprovals(call, contextual);
  }

  async #askApprovals(call: ApprovalCheck, contextual: ApprovalHandler | null): Promise<void> {
    if (this.#approvalHandler !== null) await checkApproval(this.#approvalHandler, call);
    if (contextual !== null) await checkApproval(contextual, call);
  }

  #inputErrors(moduleId: string, module: ModuleLike, inputs: unknown): readonly FieldError[] {
    if (!isRecord(inputs)) {
      return [{ field: ROOT_FIELD, code: 'type', message: 'must be object' }];
    }
    return this.#validators.get(moduleId, module, 'input')(inputs);
  }

  /** Step 8: output validation; answers the output when valid. */
  #checkOutput(prepared: PreparedCall, output: Record<string, unknown>): Record<string, unknown> {
    const errors = this.#validators.get(prepared.moduleId, prepared.module, 'output')(output);
    if (errors.length === 0) return output;
    throw new SchemaValidationError({
      errors: [...errors],
      message: `Output validation failed for module ${prepared.moduleId}`,
      traceId: prepared.context.traceId,
    });
  }

  /** Step 7: runs `execute` under the timeout, stopping the wait on timeout or cancellation. */
  #execute(
    prepared: PreparedCall,
    inputs: Record<string, unknown>,
  ): Record<string, unknown> | Promise<Record<string, unknown>> {
    const { module, moduleId, scope } = prepared;
    if (scope.aborted) throw this.#toAbortError(prepared, scope.reason);
    const startedAt = performance.now();
    const work = startModuleWork(prepared, inputs);
    if (!(work instanceof PendingWork)) {
      // A module that answered synchronously has finished: nothing to time out, nothing to race
      // (a timer could not have fired during it anyway). Only the module itself may have
      // cancelled the call meanwhile.
      if (scope.aborted) throw this.#toAbortError(prepared, scope.reason);
      return toModuleOutput(moduleId, work);
    }
    const timeoutMs = this.#timeoutOf(module);
    if (timeoutMs > 0) {
      // Counted from the start of the call, as if the timer had started before the module.
      const remainingMs = Math.max(1, timeoutMs - (performance.now() - startedAt));
      scope.startTimeout(remainingMs, () => this.#timeoutError(prepared));
    }
    return scope
      .race(work.promise, (reason) => this.#toAbortError(prepared, reason))
      .then((result) => toModuleOutput(moduleId, result));
  }

  #timeoutOf(module: ModuleLike): number {
    const own = module.timeoutMs;
    return typeof own === 'number' && Number.isFinite(own) && own >= 0
      ? own
      : this.#defaultTimeoutMs;
  }

  #timeoutError(prepared: PreparedCall): ModuleTimeoutError {
    return new ModuleTimeoutError({
      moduleId: prepared.moduleId,
      timeoutMs: this.#timeoutOf(prepared.module),
      traceId: prepared.context.traceId,
    });
  }

  #toAbortError(prepared: PreparedCall, reason: unknown): unknown {
    if (prepared.scope.timedOut) return reason;
    return new ExecutionCancelledError({
      moduleId: prepared.moduleId,
      cause: reason,
      traceId: prepared.context.traceId,
    });
  }

  #middlewareCall(prepared: PreparedCall): MiddlewareCall {
    return { moduleId: prepared.moduleId, context: prepared.context, logger: this.#logger };
  }
}
