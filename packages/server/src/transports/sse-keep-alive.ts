import type { ServerResponse } from 'node:http';

/**
 * The default `sseKeepAliveMs`: 15 seconds, well inside the 60 s read timeout proxies commonly
 * default to (nginx's `proxy_read_timeout`).
 *
 * @example
 * ```ts
 * await serve(registry, { transport: 'streamable-http', sseKeepAliveMs: DEFAULT_SSE_KEEP_ALIVE_MS * 2 });
 * ```
 */
export const DEFAULT_SSE_KEEP_ALIVE_MS = 15_000;

/**
 * The comment a quiet event stream carries: the one the SDK's own streams send. Every SSE client
 * skips it (a line starting with `:` is a comment); a proxy sees bytes and keeps the stream.
 *
 * @example
 * ```ts
 * response.write(SSE_KEEP_ALIVE_FRAME);
 * ```
 */
export const SSE_KEEP_ALIVE_FRAME = ': keepalive\n\n';

/**
 * Writes {@link SSE_KEEP_ALIVE_FRAME} to an open event stream every `intervalMs` until the stream
 * ends (`0`: never), for the streams the SDK does not keep alive itself: the legacy SSE
 * transport's. That transport writes each event in one `write`, so a comment never lands inside
 * an event.
 *
 * @example
 * ```ts
 * keepEventStreamAlive(response, 15_000);
 * ```
 */
export function keepEventStreamAlive(response: ServerResponse, intervalMs: number): void {
  if (intervalMs <= 0) return;
  const timer = setInterval(() => {
    if (response.writableEnded || response.destroyed) clearInterval(timer);
    else response.write(SSE_KEEP_ALIVE_FRAME);
  }, intervalMs);
  timer.unref();
  response.once('close', () => clearInterval(timer));
}
