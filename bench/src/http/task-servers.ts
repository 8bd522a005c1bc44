import { redisSkipReason } from '@apcore-mcp/test-support';
import { readRss } from '../process/read-rss.js';
import { OURS_HTTP_ARGUMENTS } from './ours-http-script.js';
import { startScriptServer, withOwnRedis } from './script-server.js';

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

/**
 * The task options every variant's server runs with. Clients wait the suggested polling interval
 * before each `tasks/get`, so it is the shortest there is: the figures measure the server's work,
 * not the wait a deployment would suggest (1 s by default). The bench keeps every task it made
 * (the default TTL is an hour), far more than the default `maxTasks` of 1,000.
 */
export const BENCH_TASK_OPTIONS = { taskPollIntervalMs: 1, maxTasks: 1_000_000 };

/** Starts our server of `registrySize` task-supporting modules with `env` added. */
function startOurTaskServer(registrySize: number, env: Record<string, string> = {}) {
  return startScriptServer(OURS_HTTP_ARGUMENTS, registrySize, {
    BENCH_TASK_OPTIONS: JSON.stringify(BENCH_TASK_OPTIONS),
    ...env,
  });
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
  start: (registrySize) =>
    withOwnRedis(async (redis) => {
      const server = await startOurTaskServer(registrySize, { BENCH_TASKS_REDIS: redis.url });
      return {
        url: server.url,
        readRss: async () => (await readRss(server.pid)) + (await readRss(redis.pid)),
        stop: server.stop,
      };
    }),
};
