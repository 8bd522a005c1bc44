import { request } from 'node:http';

/** How often {@link waitForHealth} asks. */
const POLL_INTERVAL_MS = 5;

/** A server's answer to `GET /health`, once it is ready. */
export interface ReadyServer {
  /** `performance.now()` when `GET /health` first answered 200. */
  readyAt: number;
  /** The `moduleCount` of that answer, or `undefined` when it had none. */
  moduleCount: number | undefined;
}

/** One `GET /health`: the status code and body, or status 0 when nothing answers. */
function getHealth(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const call = request(
      { host: '127.0.0.1', port, path: '/health', method: 'GET', agent: false, timeout: 1000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    call.once('timeout', () => call.destroy());
    call.once('error', () => resolve({ status: 0, body: '' }));
    call.end();
  });
}

function readModuleCount(body: string): number | undefined {
  try {
    const count = (JSON.parse(body) as { moduleCount?: unknown }).moduleCount;
    return typeof count === 'number' ? count : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Polls `GET http://127.0.0.1:<port>/health` until it answers 200; rejects after `timeoutMs` or
 * when `hasExited()` says the server is gone. Plain `node:http`, so no client library warms up
 * inside the measured time.
 *
 * @example
 * ```ts
 * const { readyAt } = await waitForHealth(port, { timeoutMs: 10_000, hasExited: () => false });
 * ```
 */
export async function waitForHealth(
  port: number,
  options: { timeoutMs: number; hasExited: () => boolean },
): Promise<ReadyServer> {
  const deadline = performance.now() + options.timeoutMs;
  while (performance.now() < deadline) {
    const { status, body } = await getHealth(port);
    if (status === 200) return { readyAt: performance.now(), moduleCount: readModuleCount(body) };
    if (options.hasExited())
      throw new Error(`the server on port ${port} exited before it was ready`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new Error(`GET /health on port ${port} did not answer 200 within ${options.timeoutMs} ms`);
}
