import { type Cancellation, isSignalList } from './context.js';

/**
 * The lifetime of one module call: linked to the caller's signal, an optional timeout, and a
 * race that stops waiting for the module when the call aborts. {@link CallScope.release} must
 * run when the call ends, or the link and timer would leak.
 *
 * Made for the common call to cost little: the call's `AbortSignal` (the module's
 * `context.signal`) is only made when first asked for, and the scope only listens to the
 * caller's signal once something has to wait (the race of an asynchronous module, or a module
 * holding its signal) — until then it reads the caller's `aborted` when asked. Making a signal,
 * or adding the first listener to one, costs more than everything else the executor does for a
 * synchronous module. A caller cancelled by several signals is followed on each of them, never
 * through a joined one (`AbortSignal.any` costs most of all).
 */
export class CallScope {
  #controller: AbortController | undefined;
  /** The caller's cancellation: none, one signal, or several (any of them). */
  readonly #parents: readonly AbortSignal[];
  /** Set once linked to the caller's signal (see {@link CallScope.release}). */
  #onParentAbort: ((event: Event) => void) | undefined;
  /** The races waiting on this scope; made by the first race. */
  #onAbort: Set<(reason: unknown) => void> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timeoutReason: unknown;
  #aborted = false;
  #reason: unknown;
  /** The call is over: the caller's cancellation no longer reaches it. */
  #released = false;

  /** `cancellation`: the caller's; `undefined` when nothing can cancel the caller. */
  constructor(cancellation: Cancellation) {
    this.#parents =
      cancellation === undefined
        ? NO_SIGNALS
        : isSignalList(cancellation)
          ? cancellation
          : [cancellation];
  }

  /** Aborts on timeout or when the caller's signal aborts. Made on first use. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      // Whoever holds the signal may wait on it: from now on the caller's abort must reach it.
      this.#link();
      if (this.aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /** Whether the scope has aborted (timeout or the caller's cancellation). */
  get aborted(): boolean {
    this.#followParent();
    return this.#aborted;
  }

  /** Why the scope aborted; `undefined` while it has not. */
  get reason(): unknown {
    this.#followParent();
    return this.#reason;
  }

  /** Whether the scope aborted because of its own timeout (not the caller's cancellation). */
  get timedOut(): boolean {
    return this.#timeoutReason !== undefined && this.#reason === this.#timeoutReason;
  }

  /** Aborts the scope with `createReason()` after `timeoutMs` (0 = never). */
  startTimeout(timeoutMs: number, createReason: () => Error): void {
    if (timeoutMs <= 0 || this.aborted) return;
    this.#timer = setTimeout(() => {
      this.#timeoutReason = createReason();
      this.#abort(this.#timeoutReason);
    }, timeoutMs);
  }

  /**
   * Settles like `work`, unless the scope aborts first: then rejects with `toError(reason)`.
   * A late failure of `work` is observed so it never becomes an unhandled rejection.
   */
  race<T>(work: Promise<T>, toError: (reason: unknown) => unknown): Promise<T> {
    work.catch(() => {});
    if (this.aborted) return Promise.reject(toError(this.#reason));
    this.#link();
    return new Promise<T>((resolve, reject) => {
      const onAbort = (reason: unknown) => reject(toError(reason));
      this.#onAbort ??= new Set();
      const waiting = this.#onAbort;
      waiting.add(onAbort);
      work.then(
        (value) => {
          waiting.delete(onAbort);
          resolve(value);
        },
        (error: unknown) => {
          waiting.delete(onAbort);
          reject(error);
        },
      );
    });
  }

  /** Clears the timer and unlinks from the caller's signal. */
  release(): void {
    this.#released = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const onParentAbort = this.#onParentAbort;
    if (onParentAbort !== undefined) {
      const parents = this.#parents;
      for (let index = 0; index < parents.length; index += 1) {
        parents[index]?.removeEventListener('abort', onParentAbort);
      }
    }
  }

  /** Takes over the caller's abort when it has happened (without listening for it). */
  #followParent(): void {
    if (this.#aborted || this.#released) return;
    // Indexed, not for...of: iterating a frozen list allocates a result object per step.
    const parents = this.#parents;
    for (let index = 0; index < parents.length; index += 1) {
      const parent = parents[index] as AbortSignal;
      if (parent.aborted) {
        this.#abort(parent.reason);
        return;
      }
    }
  }

  /** Listens to the caller's signals, once. */
  #link(): void {
    // A signal first asked for after the call ended must not leave a listener on the caller's.
    if (this.#onParentAbort !== undefined || this.#aborted || this.#released) return;
    if (this.#parents.length === 0) return;
    const onParentAbort = (event: Event) => this.#abort((event.target as AbortSignal).reason);
    this.#onParentAbort = onParentAbort;
    for (const parent of this.#parents) {
      parent.addEventListener('abort', onParentAbort, { once: true });
    }
  }

  #abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    // The module hears it first (through its signal, if it asked for one), then the race.
    this.#controller?.abort(reason);
    for (const onAbort of [...(this.#onAbort ?? [])]) onAbort(reason);
  }
}

const NO_SIGNALS: readonly AbortSignal[] = Object.freeze([]);
