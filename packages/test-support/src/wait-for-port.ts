import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** Between two connection attempts: short, the daemons tested here start in milliseconds. */
const RETRY_MS = 25;

/**
 * Resolves once something accepts TCP connections on `127.0.0.1:port`, trying again until
 * `timeoutMs` has passed; rejects at once, with `output()`, if `child` (the process meant to
 * listen there) exits first.
 *
 * @throws {Error} when the port does not open in time or the child exits.
 * @example
 * ```ts
 * await waitForPort(port, { child, output: () => readFileSync(errorLog, 'utf8') });
 * ```
 */
export async function waitForPort(
  port: number,
  options: { child: ChildProcess; output: () => string; timeoutMs?: number },
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const name = options.child.spawnfile;
  while (!(await accepts(port))) {
    if (options.child.exitCode !== null || options.child.signalCode !== null) {
      throw new Error(`${name} exited before listening on ${port}:\n${options.output()}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${name} did not listen on ${port} in time:\n${options.output()}`);
    }
    await delay(RETRY_MS);
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
