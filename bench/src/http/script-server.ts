import { writeFile } from 'node:fs/promises';
import { startRedisServer, type TestRedisServer } from '@apcore-mcp/test-support';
import { spawnTracked, stopChild, waitForListening } from '../process/children.js';
import { createTempDir } from '../temp-dir.js';
import { createModuleSpecs } from '../workload/module-specs.js';

/** How long a server child may take to start listening. */
const START_TIMEOUT_MS = 60_000;

/** Our server started from one of the bench's scripts, serving over Streamable HTTP. */
export interface ScriptServer {
  /** Its MCP endpoint. */
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts `node <scriptArguments>` serving `registrySize` workload modules (handed over in a
 * temporary file, `BENCH_MODULES_FILE`) with `env` added, once it listens.
 *
 * @example
 * ```ts
 * const server = await startScriptServer(OURS_EVENTS_ARGUMENTS, 10, { BENCH_EVENTS_REDIS: url });
 * ```
 */
export async function startScriptServer(
  scriptArguments: readonly string[],
  registrySize: number,
  env: Record<string, string> = {},
): Promise<ScriptServer> {
  const dir = await createTempDir('apcore-mcp-bench-server-');
  try {
    const modulesFile = `${dir.path}/modules.json`;
    await writeFile(modulesFile, JSON.stringify(createModuleSpecs(registrySize)));
    const child = spawnTracked(process.execPath, [...scriptArguments], {
      env: { ...process.env, BENCH_MODULES_FILE: modulesFile, ...env },
    });
    const port = await waitForListening(child, START_TIMEOUT_MS);
    return { url: `http://127.0.0.1:${port}/mcp`, pid: child.pid, stop: () => stopChild(child) };
  } finally {
    await dir.remove();
  }
}

/**
 * Starts a `redis-server` of its own, then what `start` builds on it; stopping the result stops
 * both, and a failed start stops the Redis.
 *
 * @example
 * ```ts
 * const server = await withOwnRedis((redis) => startScriptServer(args, 10, { BENCH_EVENTS_REDIS: redis.url }));
 * ```
 */
export async function withOwnRedis<Server extends { stop(): Promise<void> }>(
  start: (redis: TestRedisServer) => Promise<Server>,
): Promise<Server> {
  const redis = await startRedisServer();
  try {
    const server = await start(redis);
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await redis.stop();
      },
    };
  } catch (error) {
    await redis.stop();
    throw error;
  }
}
