import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The environment variable naming the directory where every tracked child leaves its pid. The
 * test runner's global setup creates it and, at the end of the run, kills whatever is listed
 * there, even when the worker that spawned it was torn down by a timeout.
 */
export const PID_DIR_VARIABLE = 'APCORE_MCP_TEST_PID_DIR';

/** Children of this process still running. */
const running = new Set<ChildProcess>();

process.on('exit', () => {
  for (const child of running) killProcessGroup(child.pid);
});

/**
 * Spawns a child in a process group of its own and tracks it until it exits: its group
 * (grandchildren included) is killed when this process exits, and, under the test runner, at
 * the end of the run whatever happened to the worker (see {@link PID_DIR_VARIABLE}).
 *
 * @example
 * ```ts
 * const child = spawnTracked(process.execPath, ['server.js'], { stdio: 'pipe' });
 * try { ... } finally { await stopTracked(child); }
 * ```
 */
export function spawnTracked(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const pidFile = recordPid(child.pid);
  running.add(child);
  child.once('exit', () => {
    running.delete(child);
    if (pidFile !== undefined) rmSync(pidFile, { force: true });
  });
  return child;
}

/**
 * Stops a tracked child: `signal` (default SIGTERM), then SIGKILL to its whole group when it
 * has not exited after `graceMs`. Resolves once it has exited.
 *
 * @example
 * ```ts
 * await stopTracked(child, { signal: 'SIGINT' });
 * ```
 */
export function stopTracked(
  child: ChildProcess,
  options: { signal?: NodeJS.Signals; graceMs?: number } = {},
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => killProcessGroup(child.pid), options.graceMs ?? 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(options.signal ?? 'SIGTERM');
  });
}

/**
 * SIGKILLs the process group led by `pid` (a tracked child and everything it started). Quiet
 * when it is already gone.
 *
 * @example
 * ```ts
 * killProcessGroup(child.pid);
 * ```
 */
export function killProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function recordPid(pid: number | undefined): string | undefined {
  const directory = process.env[PID_DIR_VARIABLE];
  if (pid === undefined || directory === undefined) return undefined;
  const file = join(directory, String(pid));
  writeFileSync(file, '');
  return file;
}
