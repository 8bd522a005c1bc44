import type { Logger } from '@apcore-mcp/core/bridge';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * The connections of one backend: `commands` (appends, reads, the store, the queue) and the
 * blocking ones (the tail, the fan-out, the delivery worker), each opened on first use, since a
 * blocked connection serves nothing else.
 *
 * @example
 * ```ts
 * const connections = openRedisConnections('redis://127.0.0.1:6379', logger);
 * const tailConnection = connections.blocking();
 * ```
 */
export interface RedisConnections {
  readonly commands: Redis;
  /** A new connection that never gives up on a command (blocking reads, BullMQ's worker). */
  blocking(): Redis;
  /** Closes every connection; safe to call twice. */
  close(): Promise<void>;
}

/**
 * Opens the backend's command connection to `connection` (a `redis://`/`rediss://` URL or
 * `ioredis` options). A command fails after a couple of retries while Redis is away, so an events
 * request answers with an error rather than hanging; one WARN says Redis went away, one INFO that
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
      `Event store URL must start with redis:// or rediss://, got '${connection}'`,
    );
  }
  const open = (overrides: RedisOptions): Redis =>
    typeof connection === 'string'
      ? new Redis(connection, overrides)
      : new Redis({ ...connection, ...overrides });
  const commands = open({ maxRetriesPerRequest: 2 });
  reportOutages(commands, logger);
  const opened = [commands];
  return {
    commands,
    blocking() {
      const client = open({ maxRetriesPerRequest: null });
      client.on('error', () => {});
      opened.push(client);
      return client;
    },
    async close() {
      const closing = opened.splice(0);
      // QUIT waits for a connection: one never made (Redis unreachable) would wait forever on a
      // client that retries without end, so it is dropped instead.
      await Promise.all(
        closing.map((client) =>
          client.status === 'ready'
            ? client.quit().catch(() => client.disconnect())
            : client.disconnect(),
        ),
      );
    },
  };
}

/** One WARN when Redis goes away (ioredis reconnects on its own), one INFO when it is back. */
function reportOutages(client: Redis, logger: Logger): void {
  let reachable = true;
  client.on('error', (error: unknown) => {
    if (!reachable) return;
    reachable = false;
    logger.warn({ err: error }, 'Event store unavailable: event requests fail until it is back');
  });
  client.on('ready', () => {
    if (reachable) return;
    reachable = true;
    logger.info('Event store reachable again');
  });
}
