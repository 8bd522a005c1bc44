import type { Logger } from '@apcore-mcp/core';
import { createRedisLimitStore, type LimitsOptions } from '@apcore-mcp/server';
import type { Settings } from '../settings/settings.js';

/**
 * The server's `limits` from `--rate-limit`, `--rate-limit-destructive`, `--budget` and
 * `--store` (values already checked): `undefined` when no limit is set. With `--store`, the
 * Redis connection is opened here (the server closes it on shutdown).
 *
 * @example
 * ```ts
 * const limits = await openLimitsOptions(settings, logger);
 * await startServer(registry, { ...options, ...(limits && { limits }) });
 * ```
 */
export async function openLimitsOptions(
  settings: Settings,
  logger: Logger,
): Promise<LimitsOptions | undefined> {
  const { rateLimit, rateLimitDestructive, budget, store } = settings;
  if (rateLimit === undefined && rateLimitDestructive === undefined && budget === undefined) {
    if (store !== undefined) {
      logger.warn(
        '--store has no effect without --rate-limit, --rate-limit-destructive or --budget',
      );
    }
    return undefined;
  }
  return {
    ...(rateLimit === undefined ? {} : { calls: rateLimit }),
    ...(rateLimitDestructive === undefined ? {} : { destructiveCalls: rateLimitDestructive }),
    ...(budget === undefined ? {} : { budget }),
    ...(store === undefined ? {} : { store: await createRedisLimitStore(store, { logger }) }),
  };
}
