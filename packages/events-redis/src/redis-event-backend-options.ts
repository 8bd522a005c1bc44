import type { Logger } from '@apcore-mcp/core/bridge';
import type { RedisOptions } from 'ioredis';

/**
 * The options of {@link createRedisEventBackend}.
 *
 * @example
 * ```ts
 * const options: RedisEventBackendOptions = { connection: 'redis://127.0.0.1:6379', runDeliveries: false };
 * ```
 */
export interface RedisEventBackendOptions {
  /** A `redis://`/`rediss://` URL or `ioredis` options: the Redis every instance shares. */
  connection: string | RedisOptions;
  /** Prefix of every key, stream and queue (default `apcore-mcp:events`). */
  prefix?: string;
  logger?: Logger;
  /**
   * Whether this instance fans new occurrences out to webhook subscriptions and runs their
   * deliveries (default true); false queues only (an instance serving requests, with `worker`
   * processes delivering).
   */
  runDeliveries?: boolean;
  /**
   * After how long a silent instance counts as gone (default 30 000 ms): its fanned-out
   * occurrences and its running deliveries are taken over by another instance.
   */
  lockDurationMs?: number;
  /** Attempts per delivery, retries included (default 5, at most 10). */
  attempts?: number;
  /** The longest one `deliver` call may take before it counts as a `timeout` (default 10 000 ms). */
  timeoutMs?: number;
  /**
   * The wait before the next attempt after `failedAttempts` failed ones (default the webhooks
   * package's `webhookRetryDelayMs`: 10 s, 30 s, 2 min, 5 min, with jitter).
   */
  retryDelayMs?: (failedAttempts: number) => number;
}

/** The options with their defaults applied. */
export interface RedisEventBackendSettings {
  prefix: string;
  logger: Logger;
  runDeliveries: boolean;
  lockDurationMs: number;
  attempts: number;
  timeoutMs: number;
  retryDelayMs: (failedAttempts: number) => number;
}
