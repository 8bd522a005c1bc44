/**
 * What cancels one tool call: the server's shutdown and, when the call came with them, the
 * request's own signal (the client cancelling, the connection closing) — joined into one signal
 * (`AbortSignal.any`) when first read.
 *
 * @example
 * ```ts
 * const cancellation = new CallCancellation([shutdown.signal, extra.signal]);
 * executor.createContext({ moduleId, signal: cancellation.signal });
 * ```
 */
export class CallCancellation {
  readonly #signals: readonly AbortSignal[];
  #joined: AbortSignal | undefined;

  /** `signals`: the call is cancelled as soon as any of them aborts. */
  constructor(signals: readonly AbortSignal[]) {
    this.#signals = signals;
  }

  /** One signal that aborts with the first of the signals, with its reason. */
  get signal(): AbortSignal {
    this.#joined ??=
      this.#signals.length === 1
        ? (this.#signals[0] as AbortSignal)
        : AbortSignal.any([...this.#signals]);
    return this.#joined;
  }
}
