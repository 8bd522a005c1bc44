import { type EventBackend, silentLogger } from '@apcore-mcp/core/bridge';
import { WEBHOOK_RETRY_SCHEDULE, webhookRetryDelayMs } from '@apcore-mcp/webhooks';
import { openRedisConnections } from './redis-connections.js';
import type {
  RedisEventBackendOptions,
  RedisEventBackendSettings,
} from './redis-event-backend-options.js';
import { openRedisEventLog } from './redis-event-log.js';
import { redisKeys } from './redis-keys.js';
import { createRedisWebhookDelivery } from './redis-webhook-delivery.js';
import { createRedisWebhookStore } from './redis-webhook-store.js';
import { StreamTail } from './stream-tail.js';

const MAX_ATTEMPTS = 10;

/**
 * An event backend in Redis, shared by every instance with the same Redis and prefix: the log in
 * Redis Streams (a poll or stream on any instance sees an event emitted on another), webhook
 * subscriptions in Redis, and deliveries as BullMQ jobs that outlive the instance that queued
 * them. Closing the log closes the whole backend.
 *
 * @throws {RangeError} for a URL that is not `redis://` or `rediss://`, or attempts out of 1..10.
 * @example
 * ```ts
 * const backend = await createRedisEventBackend({ connection: 'redis://127.0.0.1:6379' });
 * await startServer(registry, { eventBackend: backend });
 * ```
 */
export async function createRedisEventBackend(
  options: RedisEventBackendOptions,
): Promise<EventBackend> {
  const settings = settingsOf(options);
  const connections = openRedisConnections(options.connection, settings.logger);
  const keys = redisKeys(settings.prefix);
  const tailConnection = connections.blocking();
  const tail = new StreamTail({
    commands: connections.commands,
    blocking: tailConnection,
    keys,
    logger: settings.logger,
  });
  const store = createRedisWebhookStore(connections.commands, keys);
  const delivery = createRedisWebhookDelivery({ connections, keys, settings, store });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await delivery.close();
      await tail.close();
      await connections.close();
    })();
    return closing;
  };
  try {
    const log = await openRedisEventLog({ commands: connections.commands, keys, tail, close });
    return { log, webhooks: { store, delivery } };
  } catch (error) {
    await close();
    throw error;
  }
}

function settingsOf(options: RedisEventBackendOptions): RedisEventBackendSettings {
  const attempts = options.attempts ?? WEBHOOK_RETRY_SCHEDULE.attempts;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > MAX_ATTEMPTS) {
    throw new RangeError(`attempts must be an integer from 1 to ${MAX_ATTEMPTS}, got ${attempts}`);
  }
  return {
    prefix: options.prefix ?? 'apcore-mcp:events',
    logger: options.logger ?? silentLogger,
    runDeliveries: options.runDeliveries ?? true,
    lockDurationMs: options.lockDurationMs ?? 30_000,
    attempts,
    timeoutMs: options.timeoutMs ?? 10_000,
    retryDelayMs: options.retryDelayMs ?? ((failedAttempts) => webhookRetryDelayMs(failedAttempts)),
  };
}
