import type { Logger } from '@apcore-mcp/core';
import {
  createMemoryLimitStore,
  createRedisLimitStore,
  type LimitStore,
  type LimitsOptions,
} from '@apcore-mcp/server';
import type { Settings } from '../settings/settings.js';

/**
 * The server's `limits` from `--rate-limit`, `--rate-limit-destructive` and `--budget` (values
 * already checked): `undefined` when no limit is set.
 *
 * @example
 * ```ts
 * const limits = toLimitsOptions(settings);
 * await startServer(registry, { ...options, ...(limits && { limits }) });
 * ```
 */
export function toLimitsOptions(settings: Settings): LimitsOptions | undefined {
  const { rateLimit, rateLimitDestructive, budget } = settings;
  if (rateLimit === undefined && rateLimitDestructive === undefined && budget === undefined) {
    return undefined;
  }
  return {
    ...(rateLimit === undefined ? {} : { calls: rateLimit }),
    ...(rateLimitDestructive === undefined ? {} : { destructiveCalls: rateLimitDestructive }),
    ...(budget === undefined ? {} : { budget }),
  };
}

/**
 * The server's `store`, where rate limits, budgets and one-time approval rounds are kept: Redis
 * with `--store` (the connection is opened here; the server closes it on shutdown), else this
 * process's memory. A state key shared by several instances without `--store` lets each
 * instance accept an answered approval once: that is said at startup.
 *
 * @example
 * ```ts
 * const store = await openStore(settings, logger);
 * await startServer(registry, { ...options, store });
 * ```
 */
export async function openStore(settings: Settings, logger: Logger): Promise<LimitStore> {
  if (settings.store !== undefined) return createRedisLimitStore(settings.store, { logger });
  if (settings.stateKey !== undefined) {
    logger.warn(
      { setting: 'store' },
      'A state key is given but no --store: an approval answered once cannot be used twice on ' +
        'this instance, but could be once more on each other instance sharing the key; give ' +
        'every instance the same --store redis://HOST:PORT',
    );
  }
  return createMemoryLimitStore();
}
