import { STREAMING_META_KEY } from '@apcore-mcp/annotations';
import { ErrorCodes, ExecutionCancelledError, ModuleError } from '@apcore-mcp/core';
import { type ExecutorLike, toContentResult } from '@apcore-mcp/core/bridge';
import { mergeChunks } from '@apcore-mcp/runtime';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import type { ServedTool } from '../kernel/served-tool.js';

/** What {@link collectStream} reads and whom it tells about each chunk. */
export interface CollectStreamOptions {
  moduleId: string;
  chunks: AsyncIterable<unknown>;
  /** The call's signal: once it aborts, reading stops and no chunk is reported any more. */
  signal: AbortSignal;
  /** Told about every chunk, in order, with its 1-based index. */
  onChunk: (chunk: Record<string, unknown>, index: number) => Promise<void>;
}

/**
 * Reads a module's stream to the end and returns its chunks merged with `mergeChunks` (`{}` for
 * none; content items concatenate), reporting each chunk on the way. A failure mid-stream rejects (chunks already reported
 * stay reported). Cancellation rejects with `ExecutionCancelledError` at once, even if the
 * executor does not watch the signal, and ends the generator (its `finally` runs).
 */
export async function collectStream(
  options: CollectStreamOptions,
): Promise<Record<string, unknown>> {
  const { moduleId, chunks, signal, onChunk } = options;
  const iterator = chunks[Symbol.asyncIterator]();
  let merged: Record<string, unknown> = {};
  let finished = false;
  try {
    for (let index = 1; ; index += 1) {
      const step = await untilAborted(iterator.next(), signal, moduleId);
      if (step.done === true) {
        finished = true;
        return merged;
      }
      if (signal.aborted) throw new ExecutionCancelledError({ moduleId, cause: signal.reason });
      const chunk = toChunk(moduleId, step.value);
      merged = mergeChunks(merged, chunk);
      await onChunk(chunk, index);
    }
  } finally {
    // Leaving early (failure, cancellation) must end the executor's generator, and with it the
    // module's; not awaited, since a generator stuck in an await would hold the answer back.
    if (!finished) void Promise.resolve(iterator.return?.()).catch(() => {});
  }
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, moduleId: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ExecutionCancelledError({ moduleId, cause: signal.reason }));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    // Both branches handled: the abandoned step of a cancelled stream never rejects unhandled.
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** A chunk as a record: content a foreign executor passed on as it was streamed becomes a content result. */
function toChunk(moduleId: string, value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  const content = toContentResult(value);
  if (content !== undefined) return content;
  throw new ModuleError({
    code: ErrorCodes.MODULE_EXECUTE_ERROR,
    message: `Module ${moduleId} streamed a chunk that is neither an object nor content`,
    details: { moduleId },
  });
}

/**
 * FR-STREAM-001: a call streams only with all of a client `progressToken` (and a channel to send
 * progress on), an executor with `stream()`, the tool's `streaming` annotation, and a module with
 * a `stream` function. A registry without `get()` (apcore-js's view) cannot tell the last one;
 * the annotation has to do.
 */
export function shouldStream(
  executor: ExecutorLike,
  { moduleId, tool }: ServedTool,
  extra: RouterCallExtra,
): boolean {
  if (extra.progressToken === undefined || extra.notify === undefined) {
    return false;
  }
  if (typeof executor.stream !== 'function') return false;
  if (tool._meta?.[STREAMING_META_KEY] !== true) return false;
  const registry = executor.registry as { get?: (moduleId: string) => unknown };
  if (typeof registry.get !== 'function') return true;
  const module = registry.get(moduleId) as { stream?: unknown } | null | undefined;
  return typeof module?.stream === 'function';
}
