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
import { toModuleOutput } from './module-output.js';

/** How {@link runModule} runs a module: its time limit, and the error a cancellation becomes. */
export interface ModuleRun {
  /** Milliseconds the module may take (0 = no limit). */
  timeoutMs: number;
  toAbortError(reason: unknown): unknown;
}

/**
 * Step 7: runs a module's `execute` — or, for a module that only streams, reads its chunks and
 * merges them — under the call's timeout, and stops waiting once the call aborts (timeout or
 * cancellation). A module that answers synchronously has finished before any timer could fire:
 * nothing to time out or race. A module that finished while the call was cancelled still counts
 * as cancelled: its caller has gone.
 *
 * @example
 * ```ts
 * const output = await runModule(prepared, inputs, { timeoutMs: 30_000, toAbortError });
 * ```
 */
export async function runModule(
  prepared: PreparedCall,
  inputs: Record<string, unknown>,
  run: ModuleRun,
): Promise<Record<string, unknown>> {
  const { moduleId, scope } = prepared;
  if (scope.aborted) throw run.toAbortError(scope.reason);
  let result = startWork(prepared, inputs);
  if (isThenable(result)) {
    startTimeout(prepared, run.timeoutMs);
    result = await scope.race(Promise.resolve(result), run.toAbortError);
  } else if (scope.aborted) {
    throw run.toAbortError(scope.reason);
  }
  return toModuleOutput(moduleId, result);
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
  const { module, moduleId, context, scope } = prepared;
  let merged: Record<string, unknown> = {};
  for await (const chunk of module.stream?.(inputs, context) ?? []) {
    if (scope.aborted) break;
    merged = mergeChunks(merged, toModuleOutput(moduleId, chunk));
  }
  return merged;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function startTimeout(prepared: PreparedCall, timeoutMs: number): void {
  const { moduleId, context, scope } = prepared;
  scope.startTimeout(
    timeoutMs,
    () => new ModuleTimeoutError({ moduleId, timeoutMs, traceId: context.traceId }),
  );
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
 * {@link mergeChunks}). On failure `onError` may yield a recovery output as the last chunk.
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
    const { scope } = prepared;
    if (scope.aborted) throw run.toAbortError(scope.reason);
    startTimeout(prepared, run.timeoutMs);
    const merged = yield* streamChunks(prepared, inputs, run);
    run.checkOutput(merged);
    await runAfter(run.middlewares, run.call, inputs, merged);
  } catch (error) {
    if (ExecutionCancelledError.isInstance(error)) throw error;
    const recovery = await runOnError(ran, run.call, inputs, error);
    if (recovery === null) throw error;
    yield recovery;
  }
}

/** Yields the module's chunks as they come; returns them merged. */
async function* streamChunks(
  prepared: PreparedCall,
  inputs: Record<string, unknown>,
  run: StreamRun,
): AsyncGenerator<Record<string, unknown>, Record<string, unknown>> {
  const { module, moduleId, context, scope } = prepared;
  const source = module.stream?.(inputs, context);
  let merged: Record<string, unknown> = {};
  if (source === undefined) return merged;
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    while (true) {
      const step = await scope.race(iterator.next(), run.toAbortError);
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
