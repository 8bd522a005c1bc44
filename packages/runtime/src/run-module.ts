import { ExecutionCancelledError, ModuleTimeoutError } from '@apcore-mcp/core';
import type { PreparedCall } from './executor-options.js';
import { mergeChunks } from './merge-chunks.js';
import {
  type Middleware,
  type MiddlewareCall,
  runAfter,
  runBefore,
  runOnError,
} from './middleware.js';
import { RetrySignal } from './middlewares/retry-signal.js';
import { toModuleOutput } from './module-output.js';

/** How {@link runModule} runs a module: its time limit. */
export interface ModuleRun {
  /** Milliseconds the module may take (0 = no limit). */
  timeoutMs: number;
}

/**
 * Step 7: runs a module's `execute` — or, for a module that only streams, reads its chunks and
 * merges them — under the call's timeout, and stops waiting once the call aborts (timeout or
 * cancellation), even for a module that ignores its signal. A module that finished while the
 * call was cancelled still counts as cancelled: its caller has gone.
 *
 * @example
 * ```ts
 * const output = await runModule(prepared, inputs, { timeoutMs: 30_000 });
 * ```
 */
export async function runModule(
  prepared: PreparedCall,
  inputs: Record<string, unknown>,
  run: ModuleRun,
): Promise<Record<string, unknown>> {
  const timeout = startTimeout(prepared, run.timeoutMs);
  try {
    timeout.throwIfAborted();
    const result = await timeout.race(startWork(prepared, inputs));
    return toModuleOutput(prepared.moduleId, result);
  } finally {
    timeout.clear();
  }
}

/** The module's answer: its value when `execute` answered synchronously, else a promise. */
function startWork(prepared: PreparedCall, inputs: Record<string, unknown>): unknown {
  const { module, context } = prepared;
  if (typeof module.execute === 'function' || typeof module.stream !== 'function') {
    return module.execute?.(inputs, context);
  }
  return mergeStream(prepared, inputs);
}

/** A module that only streams answers with its chunks merged; reading stops once the call aborts. */
async function mergeStream(
  prepared: PreparedCall,
  inputs: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { module, moduleId, context } = prepared;
  let merged: Record<string, unknown> = {};
  for await (const chunk of module.stream?.(inputs, context) ?? []) {
    if (context.signal.aborted) break;
    merged = mergeChunks(merged, toModuleOutput(moduleId, chunk));
  }
  return merged;
}

/** A running module's time limit, and how the call's abort becomes the error it rejects with. */
interface CallTimeout {
  /** Throws the call's abort error when the call has already aborted. */
  throwIfAborted(): void;
  /** Settles like `work`, unless the call aborts first: then rejects with its abort error. */
  race<T>(work: T | PromiseLike<T>): Promise<T>;
  /** Stops the timer: the module has finished. */
  clear(): void;
}

/**
 * Aborts the call with a {@link ModuleTimeoutError} after `timeoutMs` (0 = never). The call
 * then rejects with that error; when the caller cancelled instead, with an
 * {@link ExecutionCancelledError} whose `cause` is the caller's reason.
 */
function startTimeout(prepared: PreparedCall, timeoutMs: number): CallTimeout {
  const { moduleId, context, controller } = prepared;
  const { signal } = context;
  let timedOut: ModuleTimeoutError | undefined;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = new ModuleTimeoutError({ moduleId, timeoutMs, traceId: context.traceId });
          controller.abort(timedOut);
        }, timeoutMs)
      : undefined;
  const abortError = (): unknown => {
    const { reason } = signal;
    if (timedOut !== undefined && reason === timedOut) return reason;
    return new ExecutionCancelledError({ moduleId, cause: reason, traceId: context.traceId });
  };
  return {
    throwIfAborted: () => {
      if (signal.aborted) throw abortError();
    },
    race: (work) => raceAbort(work, signal, abortError),
    clear: () => clearTimeout(timer),
  };
}

/**
 * Settles like `work`, unless `signal` aborts first: then rejects with `toError()`. A late
 * failure of `work` is observed so it never becomes an unhandled rejection.
 */
function raceAbort<T>(
  work: T | PromiseLike<T>,
  signal: AbortSignal,
  toError: () => unknown,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(toError());
    if (signal.aborted) {
      Promise.resolve(work).catch(() => {});
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(work)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** What {@link runModuleStream} needs from the executor. */
export interface StreamRun extends ModuleRun {
  middlewares: readonly Middleware[];
  call: MiddlewareCall;
  checkOutput(output: Record<string, unknown>): void;
}

/**
 * Steps 6-9 for a module with `stream`: `before`, then every chunk of the module's stream
 * (each wait raced against the call's signal; the timeout covers the whole stream, consumer
 * time included), then output validation of the merged chunks and `after` (chunks merged with
 * {@link mergeChunks}). On failure `onError` may yield a recovery output as the last chunk; a
 * {@link RetrySignal} is not honoured.
 *
 * @example
 * ```ts
 * for await (const chunk of runModuleStream(prepared, run)) send(chunk);
 * ```
 */
export async function* runModuleStream(
  prepared: PreparedCall,
  run: StreamRun,
): AsyncGenerator<Record<string, unknown>> {
  const ran: Middleware[] = [];
  let inputs = prepared.inputs;
  try {
    inputs = await runBefore(run.middlewares, run.call, inputs, ran);
    const timeout = startTimeout(prepared, run.timeoutMs);
    let merged: Record<string, unknown>;
    try {
      timeout.throwIfAborted();
      merged = yield* streamChunks(prepared, inputs, timeout);
    } finally {
      timeout.clear();
    }
    run.checkOutput(merged);
    await runAfter(run.middlewares, run.call, inputs, merged);
  } catch (error) {
    if (ExecutionCancelledError.isInstance(error)) throw error;
    const recovery = await runOnError(ran, run.call, inputs, error);
    // A stream never runs again: its chunks may already be out.
    if (recovery === null || RetrySignal.isInstance(recovery)) throw error;
    yield recovery;
  }
}

/** Yields the module's chunks as they come; returns them merged. */
async function* streamChunks(
  prepared: PreparedCall,
  inputs: Record<string, unknown>,
  timeout: CallTimeout,
): AsyncGenerator<Record<string, unknown>, Record<string, unknown>> {
  const { module, moduleId, context } = prepared;
  const source = module.stream?.(inputs, context);
  let merged: Record<string, unknown> = {};
  if (source === undefined) return merged;
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    while (true) {
      const step = await timeout.race(iterator.next());
      if (step.done === true) break;
      const chunk = toModuleOutput(moduleId, step.value);
      merged = mergeChunks(merged, chunk);
      yield chunk;
    }
    finished = true;
    return merged;
  } finally {
    // Stop the module's generator when we leave early (failure, abort, consumer break).
    if (!finished) void Promise.resolve(iterator.return?.()).catch(() => {});
  }
}
