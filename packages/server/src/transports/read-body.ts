import type { IncomingMessage } from 'node:http';

/** The outcome of {@link readBody}: the text, or the fact that it was too large. */
export type BodyReadResult = { tooLarge: false; text: string } | { tooLarge: true };

/**
 * Reads a request body up to `maxBytes`. A declared `Content-Length` over the limit is refused
 * without reading; otherwise bytes are counted as they stream in and reading stops (the request
 * is paused, nothing more is buffered) as soon as the limit is passed. The caller then drains the
 * rest ({@link discardBody}) and answers 413.
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<BodyReadResult> {
  if (Number(request.headers['content-length']) > maxBytes) {
    request.pause();
    return Promise.resolve({ tooLarge: true });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = (): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.byteLength;
      if (received > maxBytes) {
        cleanup();
        request.pause();
        chunks.length = 0;
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ tooLarge: false, text: Buffer.concat(chunks).toString('utf8') });
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}

/**
 * How much of an oversized body is read and thrown away so that its 413 reaches the client:
 * closing a socket with unread bytes resets it, and a client still writing its body then sees a
 * broken pipe instead of the answer.
 */
export const DRAIN_LIMITS = Object.freeze({ maxBytes: 16 * 1024 * 1024, maxMs: 5000 });

/**
 * Reads the rest of a request body and keeps none of it, up to `maxBytes` more bytes and `maxMs`.
 * Resolves `true` when the body ended within both, `false` when a limit was hit, the request
 * failed, or its declared length is beyond `maxBytes` (not worth reading at all).
 */
export function discardBody(
  request: IncomingMessage,
  limits: { maxBytes: number; maxMs: number } = DRAIN_LIMITS,
): Promise<boolean> {
  if (request.readableEnded) return Promise.resolve(true);
  if (Number(request.headers['content-length']) > limits.maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (drained: boolean): void => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onError);
      if (!drained) request.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer): void => {
      discarded += chunk.byteLength;
      if (discarded > limits.maxBytes) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onError = (): void => finish(false);
    const timer = setTimeout(() => finish(false), limits.maxMs);
    timer.unref();
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onError);
    request.resume();
  });
}
