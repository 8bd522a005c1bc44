import { randomUUID } from 'node:crypto';
import type { Identity } from './contract.js';
import type { Executor } from './executor.js';

/** Options of {@link Context.create}. */
export interface ContextCreateOptions {
  /** The executor modules use for nested calls (`context.executor.call(...)`). */
  executor?: Executor | null;
  /** The authenticated caller, if any. */
  identity?: Identity | null;
  /** A bag of values shared by every context of the call tree. */
  data?: Record<string, unknown>;
  /** Aborts the call tree when it fires (a client cancelling, a connection closing). */
  signal?: AbortSignal;
  /** Defaults to a fresh UUID. */
  traceId?: string;
}

/** Everything a context holds; built by {@link Context.create} and {@link Context.child}. */
export interface ContextState {
  traceId: string;
  callerId: string | null;
  identity: Identity | null;
  callChain: readonly string[];
  data: Record<string, unknown>;
  signal: AbortSignal;
  executor: Executor | null;
}

/** A signal that never fires, for contexts nobody can cancel. */
function createIdleSignal(): AbortSignal {
  return new AbortController().signal;
}

/**
 * The facts of one module call: who calls (`callerId`, `identity`), through which chain of
 * modules (`callChain`), under which `traceId`, with which shared `data`, and a `signal` that
 * aborts on timeout or cancellation. Each nested call gets a {@link Context.child}.
 *
 * @example
 * ```ts
 * const context = Context.create({ executor, identity: { id: 'alice' } });
 * const result = await executor.call('greet', { name: 'Ada' }, context);
 * ```
 */
export class Context {
  /** Shared by every call of one call tree. */
  readonly traceId: string;
  /** The module that made this call; `null` for a top-level call. */
  readonly callerId: string | null;
  readonly identity: Identity | null;
  /** The ids of the modules from the top-level call down to this one (inclusive). */
  readonly callChain: readonly string[];
  /** One object shared (by reference) down the whole call tree. */
  readonly data: Record<string, unknown>;
  /** Aborts when the call times out or the caller cancels. */
  readonly signal: AbortSignal;
  readonly #executor: Executor | null;

  /** Prefer {@link Context.create}; the constructor takes a complete state. */
  constructor(state: ContextState) {
    this.traceId = state.traceId;
    this.callerId = state.callerId;
    this.identity = state.identity;
    this.callChain = Object.freeze([...state.callChain]);
    this.data = state.data;
    this.signal = state.signal;
    this.#executor = state.executor;
  }

  /**
   * A top-level context: empty call chain, no caller.
   *
   * @example
   * ```ts
   * const controller = new AbortController();
   * const context = Context.create({ executor, signal: controller.signal, data: { requestId: 'r1' } });
   * ```
   */
  static create(options: ContextCreateOptions = {}): Context {
    return new Context({
      traceId: options.traceId ?? randomUUID(),
      callerId: null,
      identity: options.identity ?? null,
      callChain: [],
      data: options.data ?? {},
      signal: options.signal ?? createIdleSignal(),
      executor: options.executor ?? null,
    });
  }

  /**
   * The executor running this call, for nested calls. Throws when the context was created
   * without one and never passed through an executor.
   */
  get executor(): Executor {
    if (this.#executor === null) {
      throw new TypeError(
        'This context has no executor: create it with Context.create({ executor }) or pass it to executor.call()',
      );
    }
    return this.#executor;
  }

  /** Whether {@link Context.executor} is available. */
  get hasExecutor(): boolean {
    return this.#executor !== null;
  }

  /**
   * The context of a nested call to `moduleId`: the chain grows by `moduleId`, the caller
   * becomes the last module of this chain; trace id, identity, data, signal and executor stay.
   *
   * @example
   * ```ts
   * const nested = context.child('image.thumbnail');
   * nested.callerId; // the module that owns `context`
   * ```
   */
  child(moduleId: string): Context {
    return deriveContext(this, { moduleId });
  }
}

/** How {@link deriveContext} may deviate from the parent besides the grown chain. */
export interface DeriveOptions {
  moduleId: string;
  /** Replaces the parent's signal (the executor's per-call signal). */
  signal?: AbortSignal;
  /** Used when the parent has no executor. */
  fallbackExecutor?: Executor;
}

/** Builds a child context; the executor uses it to install its per-call signal. */
export function deriveContext(parent: Context, options: DeriveOptions): Context {
  const chain = parent.callChain;
  return new Context({
    traceId: parent.traceId,
    callerId: chain.length > 0 ? (chain[chain.length - 1] ?? null) : null,
    identity: parent.identity,
    callChain: [...chain, options.moduleId],
    data: parent.data,
    signal: options.signal ?? parent.signal,
    executor: parent.hasExecutor ? parent.executor : (options.fallbackExecutor ?? null),
  });
}
