import { randomUUID } from 'node:crypto';
import type { Identity } from '@apcore-mcp/core';
import type { Executor } from './executor.js';

/** Options of {@link Context.create}. */
export interface ContextCreateOptions {
  /** The executor modules use for nested calls (`context.executor.call(...)`). */
  executor?: Executor | null;
  /** The authenticated caller, if any. */
  identity?: Identity | null;
  /** A bag of values shared by every context of the call tree. */
  data?: Record<string, unknown>;
  /**
   * Aborts the call tree when it fires (a client cancelling, a connection closing). Several
   * signals: the call tree aborts as soon as any of them does; they are joined into one
   * (`AbortSignal.any`) only if someone reads `context.signal`.
   */
  signal?: AbortSignal | readonly AbortSignal[];
  /** Defaults to a fresh UUID, made when first read. */
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

/**
 * What the context factories below are given: a context's state without its signal, and with a
 * trace id still to make (top-level) or to share (nested) when `undefined`.
 */
type ContextFacts = Omit<ContextState, 'signal' | 'traceId'> & { traceId: string | undefined };

/** The call chain of a top-level context. */
const NO_CALLS: readonly string[] = Object.freeze([]);

/**
 * What makes a context's signal when it is first read: a call's scope. Making an `AbortSignal`
 * costs more than all the rest of a call's bookkeeping, and most modules never look at theirs.
 * An object rather than a function: a closure per call costs more than the context.
 */
export interface SignalSource {
  readonly signal: AbortSignal;
}

/** Makes a signal that never fires, for contexts nobody can cancel. */
const IDLE_SIGNAL_SOURCE: SignalSource = {
  get signal(): AbortSignal {
    return new AbortController().signal;
  },
};

/**
 * What cancels a call: one signal, several (any of them), or nothing at all.
 *
 * @example
 * ```ts
 * const cancellation: Cancellation = [shutdownSignal, requestSignal];
 * ```
 */
export type Cancellation = AbortSignal | readonly AbortSignal[] | undefined;

/** Reads what {@link cancellationOf} answers; set by {@link Context}'s static block. */
let readCancellation: (context: Context) => Cancellation;

/**
 * What a call made under `context` must follow: its signal, the separate signals it was
 * created with (not joined yet), or `undefined` when it could never abort (an idle signal
 * nobody asked for yet). Joining or making a signal only to follow it would cost more than the
 * rest of a call.
 */
export function cancellationOf(context: Context): Cancellation {
  return readCancellation(context);
}

/** Builds a context whose signal comes from `source`; set by {@link Context}'s static block. */
let createWithSignalSource: (state: ContextFacts, source: SignalSource, idle: boolean) => Context;

/** Builds a context cancelled by any of `signals`; set by {@link Context}'s static block. */
let createWithSignals: (state: ContextFacts, signals: readonly AbortSignal[]) => Context;

/** Builds a context cancelled by `signal`; set by {@link Context}'s static block. */
let createWithSignal: (state: ContextFacts, signal: AbortSignal) => Context;

/** Makes `context` share `parent`'s trace id; set by {@link Context}'s static block. */
let shareTrace: (context: Context, parent: Context) => void;

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
  /** The module that made this call; `null` for a top-level call. */
  readonly callerId: string | null;
  readonly identity: Identity | null;
  /** The ids of the modules from the top-level call down to this one (inclusive). */
  readonly callChain: readonly string[];
  /** One object shared (by reference) down the whole call tree. */
  readonly data: Record<string, unknown>;
  readonly #executor: Executor | null;
  /** This call tree's id, once given or made. */
  #traceId: string | undefined;
  /** The context whose trace id this one shares, until it is read. */
  #traceParent: Context | undefined;
  #signal: AbortSignal | undefined;
  #signalSource: SignalSource | undefined;
  /** The signals `signal` will join, until it is read. */
  #signals: readonly AbortSignal[] | undefined;
  /** The signal will be an idle one nobody else holds: it can never abort. */
  #idle = false;

  /** Prefer {@link Context.create}; the constructor takes a complete state. */
  constructor(state: ContextState) {
    this.#traceId = state.traceId;
    this.callerId = state.callerId;
    this.identity = state.identity;
    // A frozen chain cannot change under us: share it rather than copy it on every call.
    this.callChain = Object.isFrozen(state.callChain)
      ? state.callChain
      : Object.freeze([...state.callChain]);
    this.data = state.data;
    this.#signal = state.signal;
    this.#executor = state.executor;
  }

  static {
    createWithSignal = (state, signal) => {
      const context = new Context(state as ContextState);
      context.#signal = signal;
      return context;
    };
    createWithSignalSource = (state, source, idle) => {
      // The constructor only stores the signal: leaving it out is safe, it is set lazily below.
      const context = new Context(state as ContextState);
      context.#signalSource = source;
      context.#idle = idle;
      return context;
    };
    createWithSignals = (state, signals) => {
      const context = new Context(state as ContextState);
      context.#signals = signals;
      return context;
    };
    shareTrace = (context, parent) => {
      // A parent from another copy of this package has no private fields: ask it plainly.
      if (#traceId in parent && parent.#traceId === undefined) context.#traceParent = parent;
      else context.#traceId = parent.traceId;
    };
    readCancellation = (context) => {
      // A context from another copy of this package has no private fields: ask it plainly.
      if (!(#idle in context) || context.#signal !== undefined) return context.signal;
      if (context.#signals !== undefined) return context.#signals;
      return context.#idle ? undefined : context.signal;
    };
  }

  /**
   * Shared by every call of one call tree. Made when first read (a UUID costs more than the
   * rest of a context, and most calls never read it), by the context the tree started from.
   */
  get traceId(): string {
    if (this.#traceId === undefined) {
      this.#traceId = this.#traceParent === undefined ? randomUUID() : this.#traceParent.traceId;
      this.#traceParent = undefined;
    }
    return this.#traceId;
  }

  /** Aborts when the call times out or the caller cancels. */
  get signal(): AbortSignal {
    if (this.#signal === undefined) {
      this.#signal =
        this.#signals === undefined
          ? (this.#signalSource ?? IDLE_SIGNAL_SOURCE).signal
          : AbortSignal.any(this.#signals as AbortSignal[]);
      this.#signalSource = undefined;
      this.#signals = undefined;
    }
    return this.#signal;
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
    const traceId = options.traceId;
    const identity = options.identity ?? null;
    const data = options.data ?? {};
    const executor = options.executor ?? null;
    const state = { traceId, callerId: null, identity, callChain: NO_CALLS, data, executor };
    const { signal: given } = options;
    if (given === undefined) return createWithSignalSource(state, IDLE_SIGNAL_SOURCE, true);
    // One signal of a list is that signal; several are followed one by one (createWithSignals).
    if (isSignalList(given) && given.length !== 1) {
      // A list the caller could still change is copied; a frozen one can be shared as it is.
      return createWithSignals(state, Object.isFrozen(given) ? given : [...given]);
    }
    return createWithSignal(state, isSignalList(given) ? (given[0] as AbortSignal) : given);
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
  /** Replaces the parent's signal: the executor's per-call scope makes it on first use. */
  signalSource?: SignalSource;
  /** Used when the parent has no executor. */
  fallbackExecutor?: Executor;
}

/** Builds a child context; the executor uses it to install its per-call signal. */
export function deriveContext(parent: Context, options: DeriveOptions): Context {
  const chain = parent.callChain;
  const callerId = chain.length > 0 ? (chain[chain.length - 1] ?? null) : null;
  const identity = parent.identity;
  // Copied by hand: spreading into an array literal reserves room for many more items.
  const grown = new Array<string>(chain.length + 1);
  for (let index = 0; index < chain.length; index += 1) grown[index] = chain[index] as string;
  grown[chain.length] = options.moduleId;
  const callChain = Object.freeze(grown);
  const data = parent.data;
  const executor = parent.hasExecutor ? parent.executor : (options.fallbackExecutor ?? null);
  const state = { traceId: undefined, callerId, identity, callChain, data, executor };
  let context: Context;
  if (options.signalSource !== undefined) {
    context = createWithSignalSource(state, options.signalSource, false);
  } else {
    const signal = inheritedSignal(parent);
    context = isSignalList(signal)
      ? createWithSignals(state, signal)
      : createWithSignal(state, signal);
  }
  shareTrace(context, parent);
  return context;
}

/** The parent's signal, or the signals it was made with while they are still separate. */
function inheritedSignal(parent: Context): AbortSignal | readonly AbortSignal[] {
  const cancellation = cancellationOf(parent);
  return cancellation === undefined ? parent.signal : cancellation;
}

/** Whether a cancellation is a list of signals rather than one signal. */
export function isSignalList(
  signal: AbortSignal | readonly AbortSignal[],
): signal is readonly AbortSignal[] {
  return Array.isArray(signal);
}
