import { writeFile } from 'node:fs/promises';
import { redisSkipReason, startRedisServer } from '@apcore-mcp/test-support';
import { spawnTracked, stopChild, waitForListening } from '../process/children.js';
import { createTempDir } from '../temp-dir.js';
import { createModuleSpecs } from '../workload/module-specs.js';
import { OURS_EVENTS_ARGUMENTS } from './ours-events-script.js';

/** A running server of the events figures, with whatever it needs (a Redis, say). */
export interface EventServer {
  /** Its MCP endpoint over Streamable HTTP. */
  url: string;
  /** Stops the server and whatever was started with it. */
  stop(): Promise<void>;
}

/**
 * One event log the events figures measure: how to start a server keeping its events there.
 *
 * @example
 * ```ts
 * const server = await MEMORY_EVENT_SERVER.start(10);
 * try { ... } finally { await server.stop(); }
 * ```
 */
export interface EventServerVariant {
  /** Its part of the figure ids: `events.<key>.push.delivered`. */
  key: string;
  /** Its part of the figure names. */
  label: string;
  /** Starts a server of `registrySize` workload modules and the emitting module. */
  start(registrySize: number): Promise<EventServer>;
  /** Why it cannot run on this machine (a program it needs is missing); `undefined`: it can. */
  skipReason?(): string | undefined;
}

/** How long a server child may take to start listening. */
const START_TIMEOUT_MS = 30_000;

async function startOurEventServer(
  registrySize: number,
  env: Record<string, string> = {},
): Promise<EventServer> {
  const dir = await createTempDir('apcore-mcp-bench-events-');
  try {
    const modulesFile = `${dir.path}/modules.json`;
    await writeFile(modulesFile, JSON.stringify(createModuleSpecs(registrySize)));
    const child = spawnTracked(process.execPath, OURS_EVENTS_ARGUMENTS, {
      env: { ...process.env, BENCH_MODULES_FILE: modulesFile, ...env },
    });
    const port = await waitForListening(child, START_TIMEOUT_MS);
    return { url: `http://127.0.0.1:${port}/mcp`, stop: () => stopChild(child) };
  } finally {
    await dir.remove();
  }
}

/**
 * Our server with its event log in its own memory (the default).
 *
 * @example
 * ```ts
 * const server = await MEMORY_EVENT_SERVER.start(10);
 * ```
 */
export const MEMORY_EVENT_SERVER: EventServerVariant = {
  key: 'memory',
  label: 'memory log',
  start: (registrySize) => startOurEventServer(registrySize),
};

/**
 * Our server with its event log on Redis Streams (`@apcore-mcp/events-redis`), in a
 * `redis-server` of its own.
 *
 * @example
 * ```ts
 * const server = await REDIS_EVENT_SERVER.start(10);
 * ```
 */
export const REDIS_EVENT_SERVER: EventServerVariant = {
  key: 'redis',
  label: 'Redis log',
  // Outside CI a machine without redis-server skips it; CI installs it and never skips.
  skipReason: redisSkipReason,
  async start(registrySize) {
    const redis = await startRedisServer();
    try {
      const server = await startOurEventServer(registrySize, { BENCH_EVENTS_REDIS: redis.url });
      return {
        url: server.url,
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
