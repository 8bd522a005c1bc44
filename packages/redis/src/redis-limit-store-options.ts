import type { Logger } from '@apcore-mcp/core/bridge';

/**
 * Options of `createRedisLimitStore`.
 *
 * @example
 * ```ts
 * const options: RedisLimitStoreOptions = { keyPrefix: 'shop:limits:', timeoutMs: 500, logger };
 * ```
 */
export interface RedisLimitStoreOptions {
  /** Put before every counter key; default `apcore-mcp:limits:`. */
  keyPrefix?: string;
  /**
   * With a URL: how long a call waits for Redis before it is refused, in ms; default 1000.
   * Calls made while Redis is unreachable wait this long, then are refused.
   */
  timeoutMs?: number;
  /** With a URL: where connection problems are reported (WARN once per outage). */
  logger?: Logger;
}
