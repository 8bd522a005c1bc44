import { writeFile } from 'node:fs/promises';
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
    const dir = await createTempDir('apcore-mcp-bench-tasks-');
    try {
      const modulesFile = `${dir.path}/modules.json`;
      await writeFile(modulesFile, JSON.stringify(createModuleSpecs(registrySize)));
      const child = spawnTracked(process.execPath, OURS_HTTP_ARGUMENTS, {
        env: {
          ...process.env,
          BENCH_MODULES_FILE: modulesFile,
          BENCH_TASK_OPTIONS: JSON.stringify(BENCH_TASK_OPTIONS),
        },
      });
      const port = await waitForListening(child, START_TIMEOUT_MS);
      return {
        url: `http://127.0.0.1:${port}/mcp`,
        readRss: () => readRss(child.pid),
        stop: () => stopChild(child),
      };
    } finally {
      await dir.remove();
    }
  },
};
