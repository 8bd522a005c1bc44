import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { spawnTracked, stopTracked } from '../tracked-processes.js';
import type { StdioTarget } from './types.js';

/**
 * A spawned stdio server: its pipes, for a transport to read and write, and how to stop it.
 *
 * @example
 * ```ts
 * const server = startStdioServer({ transport: 'stdio', command: process.execPath, args: ['s.js'] });
 * ```
 */
export interface StdioServerProcess {
  readonly child: ChildProcess;
  /** The server's stdout: what the client reads. */
  readonly output: Readable;
  /** The server's stdin: what the client writes. */
  readonly input: Writable;
  /** Closes the server's stdin (the stdio way to ask it to exit), then stops its group. */
  stop(): Promise<void>;
}

/**
 * Spawns the server with {@link spawnTracked}, so that it and anything it starts are killed
 * with the test run even when a test dies before closing its client. The SDKs'
 * `StdioClientTransport` always spawns the process itself (plain `spawn`, no process group,
 * invisible to the run's reaper), which is why the clients here talk over these pipes instead.
 *
 * @example
 * ```ts
 * const server = startStdioServer(target);
 * try { ... } finally { await server.stop(); }
 * ```
 */
export function startStdioServer(target: StdioTarget): StdioServerProcess {
  const child = spawnTracked(target.command, target.args ?? [], {
    stdio: ['pipe', 'pipe', target.stderr ?? 'inherit'],
    env: target.env ?? process.env,
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
  });
  const { stdin, stdout } = child;
  if (stdin === null || stdout === null) throw new Error('stdio server spawned without pipes');
  // A server that dies first makes writes fail with EPIPE; the transport reports the close.
  stdin.on('error', () => {});
  return {
    child,
    output: stdout,
    input: stdin,
    async stop() {
      stdin.end();
      await stopTracked(child, { graceMs: 2_000 });
    },
  };
}
