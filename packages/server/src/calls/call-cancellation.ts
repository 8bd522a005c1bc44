/**
 * What cancels one tool call: the server's shutdown and, when the call came with them, the
 * request's own signals (the client cancelling, the connection closing), as one `signal` that
 * aborts with the first of them. It follows them until {@link CallCancellation.close}, which
 * the router calls when the call ends.
 *
 * Not `AbortSignal.any`: the shutdown signal lives as long as the server, and Node 20 keeps an
 * entry on a signal for every signal ever joined to it (nodejs/node#55351), some 50 bytes per
 * call that are never given back.
 *
 * @example
 * ```ts
 * const cancellation = new CallCancellation([shutdown.signal, extra.signal]);
 * try {
 *   await executor.call(moduleId, args, executor.createContext({ moduleId, signal: cancellation.signal }));
 * } finally {
 *   cancellation.close();
 * }
 * ```
 */
export class CallCancellation {
  /** Aborts with the first of the signals, with its reason. */
  readonly signal: AbortSignal;
  readonly #signals: readonly AbortSignal[];
  readonly #onAbort: ((event: Event) => void) | undefined;

  /** `signals`: the call is cancelled as soon as any of them aborts. */
  constructor(signals: readonly AbortSignal[]) {
    this.#signals = signals;
    if (signals.length === 1) {
      // Nothing to join: the one signal is the call's.
      this.signal = signals[0] as AbortSignal;
      return;
    }
    const controller = new AbortController();
    this.signal = controller.signal;
    const aborted = signals.find((signal) => signal.aborted);
    if (aborted !== undefined) {
      controller.abort(aborted.reason);
      return;
    }
    const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
    this.#onAbort = onAbort;
    for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
  }

  /** Stops following the signals: the call has ended. */
  close(): void {
    const onAbort = this.#onAbort;
    if (onAbort === undefined) return;
    for (const signal of this.#signals) signal.removeEventListener('abort', onAbort);
  }
}
