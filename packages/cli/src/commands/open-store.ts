import type { Logger } from '@apcore-mcp/core/bridge';
import type { LimitStore } from '@apcore-mcp/server/governance';
import { type ResolvedSettings, textSetting } from '../settings/settings.js';

/**
 * The Redis store of `--store`, where rate limits, budgets and one-time approval rounds are
 * shared by every instance using it (the connection is opened here; the server closes it on
 * shutdown); `undefined` without `--store`.
 *
 * @example
 * ```ts
 * const store = await openStore(resolved, logger);
 * ```
 */
export async function openStore(
  resolved: ResolvedSettings,
  logger: Logger,
): Promise<LimitStore | undefined> {
  const url = textSetting(resolved, 'store');
  if (url === undefined) return undefined;
  // Loaded with the flag only: a CLI serving from memory never loads Redis's client.
  const { createRedisLimitStore } = await import('@apcore-mcp/redis');
  return createRedisLimitStore(url, { logger });
}
