/**
 * The lifetime of one module call: an AbortController linked to the caller's signal, an optional
 * timeout that aborts it, and a race that stops waiting for the module when it aborts.
 * {@link CallScope.release} must run when the call ends, or the link and timer would leak.
 */
export class CallScope {
  readonly #controller = new AbortController();
  readonly #parentSignal: AbortSignal;
  readonly #onParentAbort: () => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timeoutReason: unknown;

  constructor(parentSignal: AbortSignal) {
    this.#parentSignal = parentSignal;
    this.#onParentAbort = () => this.#controller.abort(parentSignal.reason);
    if (parentSignal.aborted) this.#onParentAbort();
    else parentSignal.addEventListener('abort', this.#onParentAbort, { once: true });
  }

  /** Aborts on timeout or when the caller's signal aborts. */
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
    if (this.signal.aborted) return Promise.reject(toError(this.signal.reason));
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(toError(this.signal.reason));
      this.signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (value) => {
          this.signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          this.signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** Clears the timer and unlinks from the caller's signal. */
  release(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#parentSignal.removeEventListener('abort', this.#onParentAbort);
  }
}
