/**
 * Counts the calls in flight so shutdown can wait for them. A counter rather than a set of
 * promises: tracking each call's promise would cost every call a `finally` and two turns of the
 * microtask queue.
 *
 * @example
 * ```ts
 * const calls = new CallCounter();
 * calls.enter();
 * try { await work(); } finally { calls.leave(); }
 * await calls.whenIdle(5000); // true once no call is running
 * ```
 */
export class CallCounter {
  #active = 0;
  /** Resolved (and cleared) when the count drops to zero; made only while someone waits. */
  #idle: { promise: Promise<void>; resolve: () => void } | undefined;

  /** How many calls are running. */
  get active(): number {
    return this.#active;
  }

  enter(): void {
    this.#active += 1;
  }

  leave(): void {
    this.#active -= 1;
    if (this.#active === 0 && this.#idle !== undefined) {
      this.#idle.resolve();
      this.#idle = undefined;
    }
  }

  /** Resolves `true` once no call is running, or `false` when `timeoutMs` passed first. */
  async whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.#active === 0) return true;
    if (this.#idle === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((settle) => {
        resolve = settle;
      });
      this.#idle = { promise, resolve };
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((settle) => {
      timer = setTimeout(() => settle(false), timeoutMs);
    });
    try {
      return await Promise.race([this.#idle.promise.then(() => true as const), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
