import { type Logger, silentLogger } from '@apcore-mcp/core/bridge';
import type { Redis } from 'ioredis';
import type { RedisLimitStoreOptions } from './redis-limit-store-options.js';

/**
 * An `ioredis` client for `url`, set to fail fast, reporting outages to the logger. `ioredis`
 * is imported here, on the first URL, so a store given its own client never loads it.
 *
 * @throws {RangeError} for a URL that is not `redis://` or `rediss://`.
 * @example
 * ```ts
 * const client = await connectRedis('redis://127.0.0.1:6379', { timeoutMs: 300, logger });
 * ```
 */
export async function connectRedis(
  url: string,
  options: Pick<RedisLimitStoreOptions, 'timeoutMs' | 'logger'>,
): Promise<Redis> {
  if (!/^rediss?:\/\//i.test(url)) {
    throw new RangeError(`Limit store URL must start with redis:// or rediss://, got '${url}'`);
  }
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    // Fail closed, fast: a call waits at most this long, then is refused.
    commandTimeout: options.timeoutMs ?? 1000,
    maxRetriesPerRequest: 1,
  });
  reportOutages(client, options.logger ?? silentLogger);
  return client;
}

/** One WARN when Redis goes away (ioredis reconnects on its own), one INFO when it is back. */
function reportOutages(client: Redis, logger: Logger): void {
  let reachable = true;
  client.on('error', (error: unknown) => {
    if (!reachable) return;
    reachable = false;
    logger.warn({ err: error }, 'Limit store unavailable: tool calls are refused until it is back');
  });
  client.on('ready', () => {
    if (reachable) return;
    reachable = true;
    logger.info('Limit store reachable again');
  });
}
