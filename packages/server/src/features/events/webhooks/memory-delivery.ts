import type {
  DeadLetter,
  DeliveryJob,
  EventLog,
  LoggedEvent,
  WebhookDelivery,
  WebhookDeliveryHandlers,
  WebhookStore,
  WebhookSubscription,
} from '@apcore-mcp/core/bridge';
import type { Logger } from '../../../kernel/logger.js';

/**
 * How {@link createMemoryWebhookDelivery} retries and bounds what it holds.
 *
 * @example
 * ```ts
 * const options: MemoryDeliveryOptions = { log, store, logger, attempts: 5, retryDelayMs: webhookRetryDelayMs };
 * ```
 */
export interface MemoryDeliveryOptions {
  log: EventLog;
  store: WebhookStore;
  logger: Logger;
  /** Attempts per delivery, the first included. */
  attempts: number;
  /** The wait after the n-th failed attempt (the webhooks package's schedule). */
  retryDelayMs: (failedAttempts: number) => number;
  /** Deliveries waiting at most (more go to the dead letters as `queue_full`); default 10 000. */
  maxPending?: number;
  /** Dead letters kept, newest; default 1000. */
  maxDeadLetters?: number;
}

/**
 * Webhook delivery in this process: the log's tail fans each new occurrence out to the
 * subscriptions `select` picks, each delivery tried up to `attempts` times on timers of the
 * retry schedule, given up ones kept as bounded dead letters. What is pending dies with the
 * process (the Redis backend's BullMQ jobs do not).
 *
 * @example
 * ```ts
 * const delivery = createMemoryWebhookDelivery({ log, store, logger, attempts: 5, retryDelayMs });
 * delivery.start({ select, deliver });
 * ```
 */
export function createMemoryWebhookDelivery(options: MemoryDeliveryOptions): WebhookDelivery {
  return new MemoryWebhookDelivery(options);
}

class MemoryWebhookDelivery implements WebhookDelivery {
  readonly #options: MemoryDeliveryOptions;
  readonly #tails = new Map<string, () => void>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #deadLetters: DeadLetter[] = [];
  #handlers: WebhookDeliveryHandlers | undefined;
  #pending = 0;
  #closed = false;

  constructor(options: MemoryDeliveryOptions) {
    this.#options = options;
  }

  start(handlers: WebhookDeliveryHandlers): void {
    this.#handlers = handlers;
  }

  /** Follows the subscription's type from now on, and queues its backlog. */
  async enqueue(subscription: WebhookSubscription, backlog: LoggedEvent[]): Promise<void> {
    this.#follow(subscription.name);
    for (const event of backlog) await this.#queue(subscription, event);
  }

  async deadLetters(limit: number): Promise<DeadLetter[]> {
    return this.#deadLetters.slice(-limit);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const stop of this.#tails.values()) stop();
    this.#tails.clear();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #follow(name: string): void {
    if (this.#tails.has(name) || this.#closed) return;
    const stop = this.#options.log.tail([name], (event) => {
      this.#fanOut(event).catch((error: unknown) => {
        this.#options.logger.warn({ err: error, eventType: name }, 'Could not fan an event out');
      });
    });
    this.#tails.set(name, stop);
  }

  async #fanOut(event: LoggedEvent): Promise<void> {
    if (this.#handlers === undefined) return;
    const live = await this.#options.store.live(event.name);
    for (const subscription of this.#handlers.select(event, live)) {
      await this.#queue(subscription, event);
    }
  }

  async #queue(subscription: WebhookSubscription, event: LoggedEvent): Promise<void> {
    if (this.#pending >= (this.#options.maxPending ?? 10_000)) {
      const failedAt = Date.now();
      this.#bury({
        subscriptionId: subscription.id,
        eventId: event.eventId,
        category: 'queue_full',
        attempts: 0,
        failedAt,
      });
      return;
    }
    this.#pending += 1;
    await this.#options.store.markPending(subscription.id, [event.position]);
    void this.#attempt({ subscriptionId: subscription.id, event }, 1);
  }

  /** One attempt; a retryable failure sets the timer of the next, else the outcome is recorded. */
  async #attempt(job: DeliveryJob, attempt: number): Promise<void> {
    const { store, logger, attempts, retryDelayMs } = this.#options;
    if (this.#closed || this.#handlers === undefined) return;
    const subscription = await store.get(job.subscriptionId);
    if (subscription === undefined) {
      // Unsubscribed or expired meanwhile: nothing to deliver to any more.
      this.#pending -= 1;
      return;
    }
    const outcome = await this.#handlers
      .deliver(subscription, job, attempt)
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'A webhook delivery attempt failed');
        return { ok: false as const, category: 'connection_refused' as const, retry: true };
      });
    if (!outcome.ok && outcome.retry && attempt < attempts) {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        void this.#attempt(job, attempt + 1);
      }, retryDelayMs(attempt));
      this.#timers.add(timer);
      return;
    }
    this.#pending -= 1;
    const at = Date.now();
    await store.record(job.subscriptionId, { position: job.event.position, outcome, at });
    if (!outcome.ok) {
      const { subscriptionId, event } = job;
      this.#bury({
        subscriptionId,
        eventId: event.eventId,
        category: outcome.category,
        attempts: attempt,
        failedAt: at,
      });
    }
  }

  #bury(letter: DeadLetter): void {
    this.#deadLetters.push(letter);
    if (this.#deadLetters.length > (this.#options.maxDeadLetters ?? 1000))
      this.#deadLetters.shift();
    this.#options.logger.warn({ ...letter }, 'A webhook delivery was given up');
  }
}
