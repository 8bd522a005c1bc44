import {
  describeContent,
  type ExecutorLike,
  readContentItems,
  serializeOutput,
} from '@apcore-mcp/core/bridge';
import { collectStream } from './collect-stream.js';
import type { OpenedCall } from './open-call.js';

/**
 * Runs a streaming call through `executor.stream()`: each chunk goes to the client as a progress
 * notification (after `redact`), and the merged chunks are the call's output (content chunks concatenate).
 *
 * @throws {TypeError} the call has no progress channel or the executor cannot stream.
 * @example
 * ```ts
 * const output = await streamCall(executor, call, { query: 'mug' });
 * ```
 */
export function streamCall(
  executor: ExecutorLike,
  call: OpenedCall,
  args: Record<string, unknown>,
  redact: (chunk: Record<string, unknown>) => unknown = (chunk) => chunk,
): Promise<Record<string, unknown>> {
  const { moduleId, progress } = call;
  const stream = executor.stream;
  if (progress === undefined || stream === undefined) {
    throw new TypeError('streaming needs a progressToken, a notification channel and stream()');
  }
  return collectStream({
    moduleId,
    chunks: stream.call(executor, moduleId, args, call.context),
    signal: call.cancellation.signal,
    onChunk: (chunk, index) => progress(index, undefined, describeChunk(redact(chunk))),
  });
}

/** A chunk as a progress message: its JSON, or for content the text and placeholders of its items (never an image's bytes). */
function describeChunk(chunk: unknown): string {
  const items = readContentItems(chunk);
  return items === undefined ? serializeOutput(chunk) : describeContent(items);
}
