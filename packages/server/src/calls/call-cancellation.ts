/**
 * What cancels one tool call: the server's shutdown and, when the call came with one, the
 * request's own signal (the client cancelling, the connection closing). The two are joined into
 * one signal only when something asks for it: `AbortSignal.any` costs more than the rest of a
 * call, and most calls never look — the core executor follows {@link CallCancellation.signals}
 * one by one instead.
 *
 * @example
 * ```ts
 * const cancellation = new CallCancellation(Object.freeze([shutdown.signal, extra.signal]));
 * executor.createContext({ moduleId, signals: cancellation.signals });
 * foreignFactory.createContext({ moduleId, signal: cancellation.signal });
 * ```
 */
export class CallCancellation {
  /** The separate signals; the call is cancelled as soon as any of them aborts. */
  readonly signals: readonly AbortSignal[];
  #joined: AbortSignal | undefined;

  /** `signals`: frozen, so that contexts can share the list rather than copy it. */
  constructor(signals: readonly AbortSignal[]) {
    this.signals = signals;
  }

  /** One signal that aborts with the first of {@link CallCancellation.signals}; made once. */
  get signal(): AbortSignal {
    this.#joined ??=
      this.signals.length === 1
        ? (this.signals[0] as AbortSignal)
        : AbortSignal.any(this.signals as AbortSignal[]);
    return this.#joined;
  }
}
