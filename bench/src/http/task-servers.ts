import { writeFile } from 'node:fs/promises';
import { redisSkipReason, startRedisServer } from '@apcore-mcp/test-support';
import { spawnTracked, stopChild, waitForListening } from '../process/children.js';
import { readRss } from '../process/read-rss.js';
import { createTempDir } from '../temp-dir.js';
import { createModuleSpecs } from '../workload/module-specs.js';
import { OURS_HTTP_ARGUMENTS } from './ours-http-script.js';

/** A running server of the tasks figures, with everything it needs (a store, say). */
export interface TaskServer {
  /** Its MCP endpoint over Streamable HTTP. */
  url: string;
  /** The resident set of what holds the tasks, in bytes, read from outside. */
  readRss(): Promise<number>;
  /** Stops the server and whatever was started with it. */
  stop(): Promise<void>;
}

/**
 * One way of serving tasks that the tasks figures measure: how to start such a server. Another
 * task engine is one more variant.
 *
 * @example
 * ```ts
 * const server = await IN_MEMORY_TASK_SERVER.start(10);
 * try { ... } finally { await server.stop(); }
 * ```
 */
export interface TaskServerVariant {
  /** Its part of the figure ids: `tasks.<key>.throughput`. */
  key: string;
  /** Its part of the figure names: `in-memory engine`. */
  label: string;
  /** Starts a server of `registrySize` workload modules, every one of them task-supporting. */
  start(registrySize: number): Promise<TaskServer>;
  /** Why it cannot run on this machine (a program it needs is missing); `undefined`: it can. */
  skipReason?(): string | undefined;
}

/** How long a server child may take to start listening. */
const START_TIMEOUT_MS = 30_000;

/**
 * The task options every variant's server runs with. Clients wait the suggested polling interval
 * before each `tasks/get`, so it is the shortest there is: the figures measure the server's work,
 * not the wait a deployment would suggest (1 s by default). The bench keeps every task it made
 * (the default TTL is an hour), far more than the default `maxTasks` of 1,000.
 */
export const BENCH_TASK_OPTIONS = { taskPollIntervalMs: 1, maxTasks: 1_000_000 };

/** Starts our server of `registrySize` task-supporting modules with `env` added. */
async function startOurTaskServer(
  registrySize: number,
  env: Record<string, string> = {},
): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const dir = await createTempDir('apcore-mcp-bench-tasks-');
  try {
    const modulesFile = `${dir.path}/modules.json`;
    await writeFile(modulesFile, JSON.stringify(createModuleSpecs(registrySize)));
    const child = spawnTracked(process.execPath, OURS_HTTP_ARGUMENTS, {
      env: {
        ...process.env,
        BENCH_MODULES_FILE: modulesFile,
        BENCH_TASK_OPTIONS: JSON.stringify(BENCH_TASK_OPTIONS),
        ...env,
      },
    });
    const port = await waitForListening(child, START_TIMEOUT_MS);
    return { url: `http://127.0.0.1:${port}/mcp`, pid: child.pid, stop: () => stopChild(child) };
  } finally {
    await dir.remove();
  }
}

/**
 * Our server (the HTTP load's script, `startServer` under plain `node`) with the default
 * engine, which keeps the tasks in the server's own memory.
 *
 * @example
 * ```ts
 * const server = await IN_MEMORY_TASK_SERVER.start(10);
 * ```
 */
export const IN_MEMORY_TASK_SERVER: TaskServerVariant = {
  key: 'in-memory',
  label: 'in-memory engine',
  async start(registrySize) {
    const server = await startOurTaskServer(registrySize);
    return { url: server.url, readRss: () => readRss(server.pid), stop: server.stop };
  },
};

/**
 * Our server with the tasks in a `redis-server` of its own, on BullMQ (`@apcore-mcp/tasks`),
 * running the attempts itself. Its memory is the server's and Redis's together: that is what
 * holds the tasks.
 *
 * @example
 * ```ts
 * const server = await REDIS_TASK_SERVER.start(10);
 * ```
 */
export const REDIS_TASK_SERVER: TaskServerVariant = {
  key: 'redis',
  label: 'Redis (BullMQ) engine',
  // Outside CI a machine without redis-server skips it; CI installs it and never skips.
  skipReason: redisSkipReason,
  async start(registrySize) {
    const redis = await startRedisServer();
    try {
      const server = await startOurTaskServer(registrySize, { BENCH_TASKS_REDIS: redis.url });
      return {
        url: server.url,
        readRss: async () => (await readRss(server.pid)) + (await readRss(redis.pid)),
        stop: async () => {
          await server.stop();
          await redis.stop();
        },
      };
    } catch (error) {
      await redis.stop();
      throw error;
    }
  },
};
