import { hasAskedUser, type Logger, readProperty, silentLogger } from '@apcore-mcp/core/bridge';
import type { Context } from '../context.js';
import type { Middleware } from '../middleware.js';
import { calledModule } from './called-module.js';
import { type RetryStrategy, retryDelayMs, waitUnlessAborted } from './retry-delay.js';
import { RetrySignal } from './retry-signal.js';

/** Options of {@link RetryMiddleware} (the contract's `RetryConfig`). */
export interface RetryConfig {
  /** Runs after the first that may follow a failure. Default 3. */
  maxRetries?: number;
  /** `exponential` (default: the wait doubles each time) or `fixed`. */
  strategy?: RetryStrategy;
  /** The first wait, in ms. Default 100. */
  baseDelayMs?: number;
  /** The longest wait, in ms. Default 5000. */
  maxDelayMs?: number;
  /** Waits a random part (half to all) of each delay. Default true. */
  jitter?: boolean;
  /** Where each retry is logged (at warn). Silent when absent. */
  logger?: Logger;
}

/**
 * Runs a failed call again, with backoff, when doing so is safe: the error says it is
 * `retryable` (a `ModuleError` built with `retryable: true`, or any error with that property),
 * the module is annotated `idempotent` or `readonly`, and the call asked its user nothing (no
 * elicitation, question or approval: see `ASKED_USER_KEY`). A timeout, a cancellation, an
 * error that says nothing about retrying and any stream are never run again. Each wait stops
 * at once when the call is cancelled; each retry is logged.
 *
 * @example
 * ```ts
 * executor.use(new RetryMiddleware({ maxRetries: 2, strategy: 'fixed', baseDelayMs: 250 }));
 * ```
 */
export class RetryMiddleware implements Middleware {
  readonly name = 'retry';
  readonly maxRetries: number;
  readonly strategy: RetryStrategy;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly jitter: boolean;
  readonly #logger: Logger;
  /** Retries made so far, per call (a call keeps its context across its attempts). */
  readonly #retries = new WeakMap<Context, number>();

  constructor(config: RetryConfig = {}) {
    this.maxRetries = config.maxRetries ?? 3;
    this.strategy = config.strategy ?? 'exponential';
    this.baseDelayMs = config.baseDelayMs ?? 100;
    this.maxDelayMs = config.maxDelayMs ?? 5000;
    this.jitter = config.jitter ?? true;
    this.#logger = config.logger ?? silentLogger;
  }

  async onError(
    moduleId: string,
    inputs: Record<string, unknown>,
    error: unknown,
    context: Context,
  ): Promise<RetrySignal | null> {
    const retry = (this.#retries.get(context) ?? 0) + 1;
    if (retry > this.maxRetries || !this.#mayRepeat(moduleId, error, context)) return null;
    this.#retries.set(context, retry);
    const delayMs = retryDelayMs(retry, this);
    this.#logger.warn(
      { moduleId, retry, maxRetries: this.maxRetries, delayMs: Math.round(delayMs), err: error },
      `Retrying ${moduleId} (${retry} of ${this.maxRetries}) in ${Math.round(delayMs)} ms`,
    );
    if (!(await waitUnlessAborted(delayMs, context.signal))) return null;
    return new RetrySignal(inputs);
  }

  /** Whether running the call again is safe: a retryable error, a repeatable module, no question. */
  #mayRepeat(moduleId: string, error: unknown, context: Context): boolean {
    if (readProperty(error, 'retryable') !== true) return false;
    if (hasAskedUser(context)) return false;
    const annotations = calledModule(moduleId, context)?.annotations;
    return annotations?.idempotent === true || annotations?.readonly === true;
  }
}
