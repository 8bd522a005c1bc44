/**
 * The lifetime of one module call: aborted by the caller's cancellation or by the call's
 * timeout, with a race that stops waiting for the module once the call aborts.
 * {@link CallScope.release} must run when the call ends, or the listeners on the caller's
 * signals and the timer would outlive it.
 *
 * The call's own `AbortSignal` is made only when someone reads {@link CallScope.signal} (the
 * module, through `context.signal`): making one costs more than all the rest of a call, and
 * most modules never look. Until then the scope keeps its state itself. Likewise it listens to
 * the caller's signals only once something waits (a race, or a module holding its signal);
 * before that it reads whether they aborted when asked.
 *
 * @example
 * ```ts
 * const scope = new CallScope(parent.signals);
 * try {
 *   scope.startTimeout(30_000, () => new Error('timed out'));
 *   return await scope.race(work, (reason) => reason);
 * } finally {
 *   scope.release();
 * }
 * ```
 */
export class CallScope {
  /** The caller's signals, each followed on its own: joining them would cost more than a call. */
  readonly #parents: readonly AbortSignal[];
  /** Set once linked to the caller's signals. */
  #onParentAbort: ((event: Event) => void) | undefined;
  /** The races waiting on this scope; made by the first race. */
  #waiting: Set<(reason: unknown) => void> | undefined;
  #controller: AbortController | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timeoutReason: unknown;
  #aborted = false;
  #reason: unknown;
  /** The call is over: the caller's cancellation no longer reaches it. */
  #released = false;

  /** `parents`: what cancels the caller (any of them). */
  constructor(parents: readonly AbortSignal[]) {
    this.#parents = parents;
  }

  /** Aborts on timeout or when the caller's cancellation does. Made when first read. */
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
    this.#followParents();
    return this.#aborted;
  }

  /** Why the scope aborted; `undefined` while it has not. */
  get reason(): unknown {
    this.#followParents();
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
      this.#waiting ??= new Set();
      const waiting = this.#waiting;
      waiting.add(onAbort);
      work.then(resolve, reject).finally(() => waiting.delete(onAbort));
    });
  }

  /** Clears the timer and stops following the caller's signals. */
  release(): void {
    this.#released = true;
    clearTimeout(this.#timer);
    const onParentAbort = this.#onParentAbort;
    if (onParentAbort === undefined) return;
    for (const parent of this.#parents) parent.removeEventListener('abort', onParentAbort);
  }

  /** Takes over the caller's abort when it has happened, without listening for it. */
  #followParents(): void {
    if (this.#aborted || this.#released || this.#onParentAbort !== undefined) return;
    for (const parent of this.#parents) {
      if (parent.aborted) {
        this.#abort(parent.reason);
        return;
      }
    }
  }

  /** Listens to the caller's signals, once; never after the call ended. */
  #link(): void {
    if (this.#onParentAbort !== undefined || this.#released || this.aborted) return;
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
    // The module hears it first (through its signal, if it asked for one), then the races.
    this.#controller?.abort(reason);
    for (const onAbort of [...(this.#waiting ?? [])]) onAbort(reason);
  }
}
