import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './free-port.js';
import { findSystemTool, systemToolSkipReason } from './system-tool.js';
import { spawnTracked, stopTracked } from './tracked-processes.js';

/**
 * A real `redis-server` started for a test: its URL, and `stop()` (kills its process group and
 * removes its directory).
 *
 * @example
 * ```ts
 * const redis = await startRedisServer();
 * try { ... redis.url ... } finally { await redis.stop(); }
 * ```
 */
export interface TestRedisServer {
  readonly url: string;
  readonly port: number;
  /** The `redis-server` process id (its memory can be read from outside). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

const REDIS = { name: 'redis-server', probe: ['--version'], aptPackage: 'redis-server' } as const;

/**
 * Why tests needing Redis are skipped here: `undefined` when `redis-server` is installed. In CI
 * (`CI` set) a missing `redis-server` is an error, never a skip: CI must run those tests.
 *
 * @throws {Error} under CI when `redis-server` is not installed.
 * @example
 * ```ts
 * const skip = redisSkipReason();
 * describe.skipIf(skip !== undefined)(`shared limits${skip ? ` (skipped: ${skip})` : ''}`, () => {});
 * ```
 */
export function redisSkipReason(): string | undefined {
  return systemToolSkipReason(REDIS);
}

/**
 * Starts `redis-server` on a free 127.0.0.1 port in a temporary directory, without persistence,
 * and resolves once it answers PING.
 *
 * @throws {Error} with its output when it exits before being ready.
 * @example
 * ```ts
 * const redis = await startRedisServer();
 * const store = await createRedisLimitStore(redis.url); // from @apcore-mcp/redis
 * ```
 */
export async function startRedisServer(): Promise<TestRedisServer> {
  const port = await findFreePort();
  const directory = mkdtempSync(join(tmpdir(), 'apcore-mcp-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const command = findSystemTool(REDIS.name, REDIS.probe) ?? REDIS.name;
  const child = spawnTracked(command, [...args, '--dir', directory], { stdio: 'pipe' });
  const stop = async (): Promise<void> => {
    await stopTracked(child);
    rmSync(directory, { recursive: true, force: true });
  };
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    });
    await expectPong(port);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid, stop };
}

/** One PING over a plain socket: the server answers commands, not just listens. */
function expectPong(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (reply) => {
      socket.destroy();
      if (reply.toString().startsWith('+PONG')) resolve();
      else reject(new Error(`redis-server answered PING with ${reply.toString()}`));
    });
    socket.once('error', reject);
  });
}
