import {
  ExecutionCancelledError,
  type Identity,
  ModuleNotFoundError,
  SchemaValidationError,
} from '@apcore-mcp/core';
import {
  type ApprovalHandler,
  CONTEXT_APPROVAL_MARKER,
  type ContextFactory,
  type ContextRequest,
  composeSteps,
  type ExecutorLike,
  isRecord,
  type ModuleLike,
  readModuleCallSteps,
} from '@apcore-mcp/core/bridge';
import { assertAccess, canCallTopLevel } from './access-check.js';
import { checkApproval, readContextApprovalHandler, requiresApproval } from './approval.js';
import { createCallContext } from './call-context.js';
import { timeoutOf } from './call-timeout.js';
import { Context } from './context.js';
import {
  type AccessControl,
  type ExecutorOptions,
  type ModuleSource,
  type PreparedCall,
  type ResolvedExecutorOptions,
  resolveExecutorOptions,
  type ValidationResult,
} from './executor-options.js';
import { followSignal } from './follow-signal.js';
import { guardCallChain } from './guard-call-chain.js';
import {
  type Middleware,
  type MiddlewareCall,
  runAfter,
  runBefore,
  runOnError,
} from './middleware.js';
import { RetrySignal } from './middlewares/retry-signal.js';
import { runModule, runModuleStream } from './run-module.js';
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
  readonly #options: ResolvedExecutorOptions;

  constructor(registry: ModuleSource, options: ExecutorOptions = {}) {
    this.registry = registry;
    this.#middlewares = [...(options.middlewares ?? [])];
    this.#options = resolveExecutorOptions(options);
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
    return Context.create({
      executor: this,
      identity: request.identity,
      data: request.data,
      signal: request.signal,
      traceId: request.traceId,
    });
  }

  /** The access control asked before every call; `null` when every call is allowed. */
  get acl(): AccessControl | null {
    return this.#options.acl;
  }

  /**
   * Whether a top-level call of `moduleId` on behalf of `identity` would pass the ACL, asked as
   * that call would ask it (no calling module, a call chain of `moduleId` alone, the identity in
   * the context); nothing is looked up or run. `true` without an ACL. A server uses it to list
   * each subject only the tools it may call.
   *
   * @example
   * ```ts
   * executor.canCall('orders.refund', { id: 'ann', roles: ['staff'] }); // true
   * ```
   */
  canCall(moduleId: string, identity?: Identity | null): boolean {
    if (this.#options.acl === null) return true;
    const caller = Context.create({ executor: this, identity: identity ?? null });
    return canCallTopLevel(this.#options.acl, moduleId, caller);
  }

  /** Checks `inputs` against a module's input schema without running it. */
  validate(moduleId: string, inputs: Record<string, unknown>): ValidationResult {
    const module = this.registry.get(moduleId);
    if (module === null) throw new ModuleNotFoundError({ moduleId });
    return this.#inputErrors(moduleId, module, inputs);
  }

  /**
   * Runs `moduleId` with `inputs` through the whole pipeline and resolves to its output.
   * Pass the calling module's `context` for nested calls. An exception thrown by the module
   * itself reaches the caller unchanged (unless an `onError` middleware recovers). A module
   * that only has `stream` answers with its chunks merged (see `mergeChunks`).
   */
  call(
    moduleId: string,
    inputs: Record<string, unknown> = {},
    context?: Context,
  ): Promise<Record<string, unknown>> {
    // A call tree carrying steps (see MODULE_CALL_STEPS_KEY) runs each module call through
    // them, nested ones included: a tracing server's spans, for one.
    const steps = readModuleCallSteps(context?.data);
    const run = () => this.#call(moduleId, inputs, context);
    if (steps.length === 0) return run();
    return composeSteps(steps, run)({ moduleId }) as Promise<Record<string, unknown>>;
  }

  async #call(moduleId: string, inputs: Record<string, unknown>, parent?: Context) {
    const caller = parent ?? Context.create({ executor: this });
    // The call's own signal: the caller's cancellation while it runs, and its timeout.
    const controller = new AbortController();
    const stopFollowing = followSignal(caller.signal, controller);
    try {
      const prepared = await this.#prepare(moduleId, inputs, caller, controller);
      return await this.#run(prepared);
    } finally {
      stopFollowing();
    }
  }

  /**
   * Like {@link Executor.call}, yielding partial results: a module with `stream` yields its
   * chunks (the merged chunks are validated against the output schema at the end and shown to
   * `after` middlewares, whose return value is ignored); a module without yields its one output.
   */
  async *stream(
    moduleId: string,
    inputs: Record<string, unknown> = {},
    parent?: Context,
  ): AsyncGenerator<Record<string, unknown>> {
    const caller = parent ?? Context.create({ executor: this });
    const controller = new AbortController();
    const stopFollowing = followSignal(caller.signal, controller);
    try {
      const prepared = await this.#prepare(moduleId, inputs, caller, controller);
      if (typeof prepared.module.stream !== 'function') {
        yield await this.#run(prepared, false);
        return;
      }
      yield* runModuleStream(prepared, {
        middlewares: this.#middlewares,
        call: this.#middlewareCall(prepared),
        timeoutMs: timeoutOf(prepared, this.#options.defaultTimeoutMs),
        checkOutput: (output) => this.#checkOutput(prepared, output),
      });
    } finally {
      stopFollowing();
    }
  }

  /** Steps 1-5: context, safety checks, lookup, ACL, input validation, approval. */
  async #prepare(
    moduleId: string,
    inputs: Record<string, unknown>,
    caller: Context,
    controller: AbortController,
  ): Promise<PreparedCall> {
    const { signal } = controller;
    const context = createCallContext(caller, { moduleId, signal, executor: this });
    guardCallChain(context.callChain, {
      maxCallDepth: this.#options.maxCallDepth,
      maxModuleRepeat: this.#options.maxModuleRepeat,
      traceId: context.traceId,
    });
    const module = this.registry.get(moduleId);
    if (module === null) throw new ModuleNotFoundError({ moduleId, traceId: context.traceId });
    assertAccess(this.#options.acl, moduleId, context);
    const prepared: PreparedCall = { moduleId, module, inputs: inputs ?? {}, context, controller };
    // Inputs first: a person is asked only about a call that can run.
    const { errors } = this.#inputErrors(moduleId, module, prepared.inputs);
    if (errors.length > 0) throw new SchemaValidationError({ errors, traceId: context.traceId });
    const aclApproval =
      this.#options.acl?.requiresApproval?.(context.callerId, moduleId, context) === true;
    if (aclApproval || requiresApproval(module)) await this.#checkApprovals(prepared, aclApproval);
    return prepared;
  }

  /** Steps 6-9 (`onError` on failure; its {@link RetrySignal} runs 7-9 again, same context). */
  async #run(prepared: PreparedCall, retry = true): Promise<Record<string, unknown>> {
    // Most executors have no middleware: nothing to run around the module, nothing to recover.
    if (this.#middlewares.length === 0) return this.#execute(prepared, prepared.inputs);
    const call = this.#middlewareCall(prepared);
    const ran: Middleware[] = [];
    let inputs = prepared.inputs;
    let beforeRan = false;
    for (;;) {
      try {
        if (!beforeRan) {
          inputs = await runBefore(this.#middlewares, call, inputs, ran);
          beforeRan = true;
        }
        const output = await this.#execute(prepared, inputs);
        return await runAfter(this.#middlewares, call, inputs, output);
      } catch (error) {
        if (ExecutionCancelledError.isInstance(error)) throw error;
        const answer = await runOnError(ran, call, inputs, error);
        if (answer === null) throw error;
        if (!RetrySignal.isInstance(answer)) return answer;
        // Never for a stream, a failed `before`, nor a call cancelled or timed out.
        if (!retry || !beforeRan || prepared.context.signal.aborted) throw error;
        inputs = answer.inputs;
      }
    }
  }

  /** Steps 7-8: the module under its timeout and cancellation, then output validation. */
  async #execute(
    prepared: PreparedCall,
    inputs: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const output = await runModule(prepared, inputs, {
      timeoutMs: timeoutOf(prepared, this.#options.defaultTimeoutMs),
    });
    this.#checkOutput(prepared, output);
    return output;
  }

  /** Both must approve: the executor's own handler, then the one the call's context carries. */
  async #checkApprovals(prepared: PreparedCall, required: boolean): Promise<void> {
    const handlers: ApprovalHandler[] = [];
    if (this.#options.approvalHandler !== null) handlers.push(this.#options.approvalHandler);
    const contextual = readContextApprovalHandler(prepared.context);
    if (contextual !== null) handlers.push(contextual);
    for (const handler of handlers) await checkApproval(handler, prepared, required);
  }

  #inputErrors(moduleId: string, module: ModuleLike, inputs: unknown): ValidationResult {
    if (!isRecord(inputs)) {
      return {
        valid: false,
        errors: [{ field: ROOT_FIELD, code: 'type', message: 'must be object' }],
      };
    }
    const errors = [...this.#validators.get(moduleId, module, 'input')(inputs)];
    return { valid: errors.length === 0, errors };
  }

  /** Step 8: output validation. */
  #checkOutput(prepared: PreparedCall, output: Record<string, unknown>): void {
    const errors = this.#validators.get(prepared.moduleId, prepared.module, 'output')(output);
    if (errors.length === 0) return;
    throw new SchemaValidationError({
      errors: [...errors],
      message: `Output validation failed for module ${prepared.moduleId}`,
      traceId: prepared.context.traceId,
    });
  }

  #middlewareCall(prepared: PreparedCall): MiddlewareCall {
    return { moduleId: prepared.moduleId, context: prepared.context, logger: this.#options.logger };
  }
}
