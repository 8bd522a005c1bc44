import type { Logger } from '@apcore-mcp/core/bridge';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * The connections of one engine: `commands` (the task records, the queue), a subscriber to the
 * change channel, and, once attempts run here, the worker's (which BullMQ wants never to give
 * up on a command: it blocks waiting for jobs).
 *
 * @example
 * ```ts
 * const connections = openRedisConnections('redis://127.0.0.1:6379', logger);
 * await connections.subscribe('apcore-mcp:tasks:changes', (message) => {});
 * ```
 */
export interface RedisConnections {
  readonly commands: Redis;
  /** Calls `listener` with every message published on `channel`, from now on. */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  /** The worker's connection, opened on first use. */
  worker(): Redis;
  /** Closes every connection; safe to call twice. */
  close(): Promise<void>;
}

/**
 * Opens the engine's connections to `connection` (a `redis://`/`rediss://` URL or `ioredis`
 * options). A command fails after a couple of retries while Redis is away, so a request about a
 * task answers with an error rather than hanging; one WARN says Redis went away, one INFO that
 * it is back.
 *
 * @throws {RangeError} for a URL that is not `redis://` or `rediss://`.
 * @example
 * ```ts
 * const { commands } = openRedisConnections({ host: '127.0.0.1', port: 6379 }, logger);
 * ```
 */
export function openRedisConnections(
  connection: string | RedisOptions,
  logger: Logger,
): RedisConnections {
  if (typeof connection === 'string' && !/^rediss?:\/\//i.test(connection)) {
    throw new RangeError(
      `Task store URL must start with redis:// or rediss://, got '${connection}'`,
    );
  }
  const open = (overrides: RedisOptions): Redis =>
    typeof connection === 'string'
      ? new Redis(connection, overrides)
      : new Redis({ ...connection, ...overrides });
  const commands = open({ maxRetriesPerRequest: 2 });
  reportOutages(commands, logger);
  const subscriber = commands.duplicate();
  const opened = [commands, subscriber];
  subscriber.on('error', () => {});
  let workerConnection: Redis | undefined;
  return {
    commands,
    async subscribe(channel, listener) {
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) listener(message);
      });
      await subscriber.subscribe(channel);
    },
    worker() {
      if (workerConnection === undefined) {
        workerConnection = open({ maxRetriesPerRequest: null });
        workerConnection.on('error', () => {});
        opened.push(workerConnection);
      }
      return workerConnection;
    },
    async close() {
      await Promise.all(opened.map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}

/** One WARN when Redis goes away (ioredis reconnects on its own), one INFO when it is back. */
function reportOutages(client: Redis, logger: Logger): void {
  let reachable = true;
  client.on('error', (error: unknown) => {
    if (!reachable) return;
    reachable = false;
    logger.warn({ err: error }, 'Task store unavailable: task requests fail until it is back');
  });
  client.on('ready', () => {
    if (reachable) return;
    reachable = true;
    logger.info('Task store reachable again');
  });
}
