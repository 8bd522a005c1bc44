import type { Logger } from '@apcore-mcp/core';
import { createMemoryLimitStore, createRedisLimitStore, type LimitStore } from '@apcore-mcp/server';
import { type ResolvedSettings, textSetting } from '../settings/settings.js';

/**
 * The server's `store`, where rate limits, budgets and one-time approval rounds are kept: Redis
 * with `--store` (the connection is opened here; the server closes it on shutdown), else this
 * process's memory. A state key shared by several instances without `--store` lets each
 * instance accept an answered approval once: that is said at startup.
 *
 * @example
 * ```ts
 * const store = await openStore(resolved, logger);
 * await startServer(registry, { ...options, store });
 * ```
 */
export async function openStore(resolved: ResolvedSettings, logger: Logger): Promise<LimitStore> {
  const url = textSetting(resolved, 'store');
  if (url !== undefined) return createRedisLimitStore(url, { logger });
  if (resolved.serveOptions.stateKey !== undefined) {
    logger.warn(
      { setting: 'store' },
      'A state key is given but no --store: an approval answered once cannot be used twice on ' +
        'this instance, but could be once more on each other instance sharing the key; give ' +
        'every instance the same --store redis://HOST:PORT',
    );
  }
  return createMemoryLimitStore();
}
