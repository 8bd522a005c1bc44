import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnTracked as spawnTrackedChild, stopTracked } from '@apcore-mcp/test-support';

/** The bench package's directory: children run here so `tsx` and the SDK resolve. */
export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Spawns a child process in a process group of its own, killed with everything it started if the
 * bench ends first (see {@link stopChild}).
 *
 * @example
 * ```ts
 * const child = spawnTracked(process.execPath, ['-e', 'setTimeout(() => {}, 1000)']);
 * await stopChild(child);
 * ```
 */
export function spawnTracked(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  return spawnTrackedChild(command, args, { cwd: BENCH_DIR, ...options });
}

/** The arguments that make `node` run one of the bench's TypeScript files. */
export function typeScriptEntry(file: string, args: readonly string[] = []): string[] {
  return ['--import', 'tsx', join(BENCH_DIR, 'src', file), ...args];
}

/**
 * Stops a child: SIGTERM, then SIGKILL to its group if it has not exited after `graceMs`.
 * Resolves once it has exited.
 *
 * @example
 * ```ts
 * await stopChild(child, 2000);
 * ```
 */
export function stopChild(child: ChildProcess, graceMs = 2000): Promise<void> {
  return stopTracked(child, { graceMs });
}

/**
 * Waits until the child prints `listening <port>` on stdout and resolves to the port; rejects
 * (and kills the child) when it exits first or `timeoutMs` passes.
 *
 * @example
 * ```ts
 * const port = await waitForListening(child, 10_000);
 * ```
 */
export function waitForListening(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited (${signal ?? code}) before listening`);
    const onError = (chunk: Buffer) => {
      // The tail is enough to say why a child failed; keep no more.
      errors = `${errors}${chunk.toString()}`.slice(-2000);
    };
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match === null) return;
      settle();
      resolve(Number(match[1]));
    };
    const settle = () => {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout?.off('data', onOutput);
      // Whatever else the child prints is read and dropped, so it never blocks on a full pipe.
      child.stdout?.resume();
    };
    const fail = (message: string) => {
      settle();
      child.kill('SIGKILL');
      reject(new Error(`${message}${errors === '' ? '' : `: ${errors.trim()}`}`));
    };
    const timer = setTimeout(() => fail(`no "listening" line within ${timeoutMs} ms`), timeoutMs);
    child.stderr?.on('data', onError);
    child.stdout?.on('data', onOutput);
    child.once('exit', onExit);
  });
}
