import type {
  WebhookDelivery,
  WebhookDeliveryHandlers,
  WebhookStore,
} from '@apcore-mcp/core/bridge';
import { DeliveryQueue } from './delivery-queue.js';
import { FanOut } from './fan-out.js';
import type { RedisConnections } from './redis-connections.js';
import type { RedisEventBackendSettings } from './redis-event-backend-options.js';
import type { RedisKeys } from './redis-keys.js';

/**
 * Webhook delivery across instances: the consumer-group fan-out and the BullMQ jobs. With
 * `runDeliveries` off, `start` only keeps the handlers and this instance queues replays
 * (`enqueue`) for the instances that deliver.
 *
 * @example
 * ```ts
 * const delivery = createRedisWebhookDelivery({ connections, keys, settings, store });
 * delivery.start({ select, deliver });
 * ```
 */
export function createRedisWebhookDelivery(parts: {
  connections: RedisConnections;
  keys: RedisKeys;
  settings: RedisEventBackendSettings;
  store: WebhookStore;
}): WebhookDelivery {
  const { connections, keys, settings, store } = parts;
  const queue = new DeliveryQueue({ commands: connections.commands, keys, settings, store });
  let fanOut: FanOut | undefined;
  return {
    start(handlers: WebhookDeliveryHandlers) {
      if (!settings.runDeliveries || fanOut !== undefined) return;
      queue.startWorker(connections.blocking(), handlers);
      fanOut = new FanOut({
        commands: connections.commands,
        blocking: connections.blocking(),
        keys,
        store,
        queue,
        logger: settings.logger,
        lockDurationMs: settings.lockDurationMs,
      });
      fanOut.start(handlers);
    },
    async enqueue(subscription, backlog) {
      for (const event of backlog) await queue.add([subscription], event);
    },
    deadLetters: (limit) => queue.deadLetters(Math.max(0, Math.trunc(limit))),
    async close() {
      await fanOut?.close();
      await queue.close();
    },
  };
}
