import type { Identity } from '@apcore-mcp/core';
import type { ContextExecutor } from './context-executor.js';
import { createRandomTraceId } from './random-trace-id.js';

/** Options of {@link Context.create}. */
export interface ContextCreateOptions {
  /** The executor modules use for nested calls (`context.executor.call(...)`). */
  executor?: ContextExecutor | null;
  /** The authenticated caller, if any. */
  identity?: Identity | null;
  /** A bag of values shared by every context of the call tree. */
  data?: Record<string, unknown>;
  /**
   * Aborts the call tree when it fires (a client cancelling, a connection closing). Several
   * signals: the call tree aborts as soon as any of them does.
   */
  signal?: AbortSignal | readonly AbortSignal[];
  /**
   * Defaults to a fresh random W3C trace id (32 lowercase hex digits), the format a tracing
   * backend shows, so an id from a log or an error can be looked up there.
   */
  traceId?: string;
}

/**
 * Everything a context holds.
 *
 * @example
 * ```ts
 * const state: ContextState = { traceId, callerId: null, identity: null, callChain: [], data: {}, signal, executor: null };
 * ```
 */
export interface ContextState {
  traceId: string;
  callerId: string | null;
  identity: Identity | null;
  callChain: readonly string[];
  data: Record<string, unknown>;
  /** Aborts when the call is cancelled or times out. */
  signal: AbortSignal;
  executor: ContextExecutor | null;
}

/** The call chain of a top-level context. */
const NO_CALLS: readonly string[] = Object.freeze([]);

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
  readonly #executor: ContextExecutor | null;

  /** Prefer {@link Context.create}; the constructor takes a complete state. */
  constructor(state: ContextState) {
    this.traceId = state.traceId;
    this.callerId = state.callerId;
    this.identity = state.identity;
    this.callChain = state.callChain;
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
      traceId: options.traceId ?? createRandomTraceId(),
      callerId: null,
      identity: options.identity ?? null,
      callChain: NO_CALLS,
      data: options.data ?? {},
      signal: toSignal(options.signal),
      executor: options.executor ?? null,
    });
  }

  /**
   * The executor running this call, for nested calls. Throws when the context was created
   * without one and never passed through an executor.
   */
  get executor(): ContextExecutor {
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
    const chain = this.callChain;
    return new Context({
      traceId: this.traceId,
      callerId: chain.length > 0 ? (chain[chain.length - 1] ?? null) : null,
      identity: this.identity,
      callChain: Object.freeze([...chain, moduleId]),
      data: this.data,
      signal: this.signal,
      executor: this.#executor,
    });
  }
}

/** One signal for the `signal` option: several are joined, none gives one that never aborts. */
function toSignal(signal: AbortSignal | readonly AbortSignal[] | undefined): AbortSignal {
  if (signal === undefined) return new AbortController().signal;
  if (!Array.isArray(signal)) return signal as AbortSignal;
  const signals = signal as readonly AbortSignal[];
  return signals.length === 1 ? (signals[0] as AbortSignal) : AbortSignal.any([...signals]);
}
