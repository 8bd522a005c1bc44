import { redisSkipReason } from '@apcore-mcp/test-support';
import { OURS_EVENTS_ARGUMENTS } from './ours-events-script.js';
import { startScriptServer, withOwnRedis } from './script-server.js';

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
  start: (registrySize) => startScriptServer(OURS_EVENTS_ARGUMENTS, registrySize),
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
  start: (registrySize) =>
    withOwnRedis((redis) =>
      startScriptServer(OURS_EVENTS_ARGUMENTS, registrySize, { BENCH_EVENTS_REDIS: redis.url }),
    ),
};
