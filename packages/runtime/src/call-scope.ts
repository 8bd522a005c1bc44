/**
 * The lifetime of one module call: its own signal, aborted by the caller's cancellation or by
 * the call's timeout, and a race that stops waiting for the module once the call aborts.
 * {@link CallScope.release} must run when the call ends, or the listeners on the caller's
 * signals and the timer would outlive it.
 *
 * @example
 * ```ts
 * const scope = new CallScope(cancellationOf(parent));
 * try {
 *   scope.startTimeout(30_000, () => new Error('timed out'));
 *   return await scope.race(work, (reason) => reason);
 * } finally {
 *   scope.release();
 * }
 * ```
 */
export class CallScope {
  readonly #controller = new AbortController();
  /** The caller's signals, each followed on its own: joining them would cost more than a call. */
  readonly #parents: readonly AbortSignal[];
  readonly #onParentAbort = (event: Event): void => {
    this.#controller.abort((event.target as AbortSignal).reason);
  };
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timeoutReason: unknown;

  /** `parents`: what cancels the caller (any of them). */
  constructor(parents: readonly AbortSignal[]) {
    this.#parents = parents;
    const aborted = parents.find((parent) => parent.aborted);
    if (aborted !== undefined) {
      this.#controller.abort(aborted.reason);
      return;
    }
    for (const parent of parents) {
      parent.addEventListener('abort', this.#onParentAbort, { once: true });
    }
  }

  /** Aborts on timeout or when the caller's cancellation does. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Whether the scope aborted because of its own timeout (not the caller's cancellation). */
  get timedOut(): boolean {
    return this.#timeoutReason !== undefined && this.signal.reason === this.#timeoutReason;
  }

  /** Aborts the scope with `createReason()` after `timeoutMs` (0 = never). */
  startTimeout(timeoutMs: number, createReason: () => Error): void {
    if (timeoutMs <= 0 || this.signal.aborted) return;
    this.#timer = setTimeout(() => {
      this.#timeoutReason = createReason();
      this.#controller.abort(this.#timeoutReason);
    }, timeoutMs);
  }

  /**
   * Settles like `work`, unless the scope aborts first: then rejects with `toError(reason)`.
   * A late failure of `work` is observed so it never becomes an unhandled rejection.
   */
  race<T>(work: Promise<T>, toError: (reason: unknown) => unknown): Promise<T> {
    work.catch(() => {});
    const { signal } = this;
    if (signal.aborted) return Promise.reject(toError(signal.reason));
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(toError(signal.reason));
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Clears the timer and stops following the caller's signals. */
  release(): void {
    clearTimeout(this.#timer);
    for (const parent of this.#parents) {
      parent.removeEventListener('abort', this.#onParentAbort);
    }
  }
}
