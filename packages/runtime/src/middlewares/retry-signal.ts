const RETRY_SIGNAL_MARKER = Symbol.for('apcore-mcp.retry-signal');

/**
 * What an `onError` hook returns to have the executor run the module again, with `inputs`
 * (the inputs the failed attempt ran with, or replaced ones). The attempt reuses the call's
 * context, call chain and checks: nothing is looked up, checked or approved twice. Honoured on
 * `executor.call()` only; a stream never runs again (its chunks may already be out), nor a
 * call that was cancelled or timed out. Recognise it with {@link RetrySignal.isInstance}.
 *
 * @example
 * ```ts
 * const retryOnce: Middleware = {
 *   onError: (moduleId, inputs, error, context) =>
 *     context.data.retried === true ? null : ((context.data.retried = true), new RetrySignal(inputs)),
 * };
 * ```
 */
export class RetrySignal {
  readonly inputs: Record<string, unknown>;

  constructor(inputs: Record<string, unknown>) {
    this.inputs = inputs;
    Object.defineProperty(this, RETRY_SIGNAL_MARKER, { value: true });
  }

  /** Whether `value` is a retry signal of this runtime (any copy of it). */
  static isInstance(value: unknown): value is RetrySignal {
    return typeof value === 'object' && value !== null && RETRY_SIGNAL_MARKER in value;
  }
}
