import type { IncomingMessage } from 'node:http';

/** The outcome of {@link readBody}: the text, or the fact that it was too large. */
export type BodyReadResult = { tooLarge: false; text: string } | { tooLarge: true };

/**
 * Reads a request body up to `maxBytes`. A declared `Content-Length` over the limit is refused
 * without reading; otherwise bytes are counted as they stream in and reading stops (the request
 * is paused, nothing more is buffered) as soon as the limit is passed. The caller answers 413 with
 * `Connection: close`, so the rest of an oversized body is never read.
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
