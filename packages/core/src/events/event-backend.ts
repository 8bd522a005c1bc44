// Where events are kept and webhook deliveries run: the contract between the server's events
// feature and a backend (this process's memory, or Redis Streams and BullMQ across instances).
import type { EventLog } from './event-log.js';
import type { WebhookDelivery, WebhookStore } from './webhook-backend.js';

/**
 * Where a server keeps its events: the log, and, when webhooks are served, their store and
 * delivery.
 *
 * @example
 * ```ts
 * const backend: EventBackend = { log: createMemoryEventLog() };
 * ```
 */
export interface EventBackend {
  log: EventLog;
  webhooks?: { store: WebhookStore; delivery: WebhookDelivery };
}
