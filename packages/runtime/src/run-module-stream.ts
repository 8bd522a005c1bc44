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

/** What {@link runModuleStream} needs from the executor. */
export interface StreamRun {
  middlewares: readonly Middleware[];
  call: MiddlewareCall;
  /** Covers the whole stream, consumer time included (0 = none). */
  timeoutMs: number;
  toAbortError(reason: unknown): unknown;
  checkOutput(output: Record<string, unknown>): void;
}

/**
 * Steps 6-9 for a module with `stream`: `before`, then every chunk of the module's stream
 * (each wait raced against the call's signal), then output validation of the merged chunks and
 * `after` (chunks merged with {@link mergeChunks}). On failure `onError` may yield a recovery output as the last chunk.
 */
export async function* runModuleStream(
  prepared: PreparedCall,
  run: StreamRun,
): AsyncGenerator<Record<string, unknown>> {
  const { moduleId, module, context, scope } = prepared;
  const ran: Middleware[] = [];
  let inputs = prepared.inputs;
  try {
    inputs = await runBefore(run.middlewares, run.call, inputs, ran);
    if (scope.aborted) throw run.toAbortError(scope.reason);
    scope.startTimeout(
      run.timeoutMs,
      () =>
        new ModuleTimeoutError({ moduleId, timeoutMs: run.timeoutMs, traceId: context.traceId }),
    );
    const source = module.stream?.(inputs, context);
    if (source === undefined) return;
    const iterator = source[Symbol.asyncIterator]();
    let merged: Record<string, unknown> = {};
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
    } finally {
      // Stop the module's generator when we leave early (failure, abort, consumer break).
      if (!finished) void Promise.resolve(iterator.return?.()).catch(() => {});
    }
    run.checkOutput(merged);
    await runAfter(run.middlewares, run.call, inputs, merged);
  } catch (error) {
    if (ExecutionCancelledError.isInstance(error)) throw error;
    const recovery = await runOnError(ran, run.call, inputs, error);
    if (recovery === null) throw error;
    yield recovery;
  }
}

/**
 * The work of a module that has not finished: the promise of its result. A module that answered
 * at once gives its result itself, with nothing around it (most calls: no object to make).
 */
export class PendingWork {
  constructor(readonly promise: Promise<unknown>) {}
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * Starts a module's work for `call()`: its `execute` — whose result comes back as it is when
 * it answers synchronously, else as a {@link PendingWork} — or, for a module that only streams,
 * its chunks merged with {@link mergeChunks}, reading stopped (which ends the module's
 * generator) once the call's signal aborts. A synchronous throw propagates.
 */
export function startModuleWork(prepared: PreparedCall, inputs: Record<string, unknown>): unknown {
  const { module, moduleId, context, scope } = prepared;
  if (typeof module.execute !== 'function' && typeof module.stream === 'function') {
    const source = module.stream(inputs, context);
    const promise = (async () => {
      let merged: Record<string, unknown> = {};
      for await (const chunk of source) {
        if (scope.aborted) break;
        merged = mergeChunks(merged, toModuleOutput(moduleId, chunk));
      }
      return merged;
    })();
    return new PendingWork(promise);
  }
  const value = module.execute?.(inputs, context);
  return isThenable(value) ? new PendingWork(Promise.resolve(value)) : value;
}
