import type {
  DeadLetter,
  DeliveryJob,
  DeliveryOutcome,
  LoggedEvent,
  WebhookDeliveryHandlers,
  WebhookStore,
  WebhookSubscription,
} from '@apcore-mcp/core/bridge';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { deliveryJobId } from './delivery-job-id.js';
import type { RedisEventBackendSettings } from './redis-event-backend-options.js';
import type { RedisKeys } from './redis-keys.js';
import { fieldMap } from './stream-entry.js';

/**
 * The name of the BullMQ queue of webhook deliveries (under the backend's prefix).
 *
 * @example
 * ```ts
 * new Queue(DELIVERY_QUEUE, { connection, prefix: 'apcore-mcp:events' });
 * ```
 */
export const DELIVERY_QUEUE = 'webhook-deliveries';

/**
 * Deliveries one instance runs at once: most of an attempt is waiting on a receiver (up to the
 * attempt timeout), so one slow receiver must not hold every other subscription back.
 */
const CONCURRENT_DELIVERIES = 32;

/** Dead letters kept (approximately: Redis trims whole nodes). */
const DEAD_LETTERS_KEPT = 10_000;

/**
 * Settled jobs stay an hour (at most 10 000, each holding its event), so that an occurrence
 * fanned out again or replayed soon after finds its job id taken. Past that it is delivered again:
 * deliveries are at least once, and its new job settles it like the first.
 */
const KEEP_SETTLED = { age: 3600, count: 10_000 };

/**
 * The BullMQ side of delivery: one job per (subscription, event) with a deterministic id, the
 * webhooks package's retry schedule as its backoff, a final outcome failing without retry, and a
 * dead letter in a capped stream when a delivery is given up on.
 *
 * @example
 * ```ts
 * const queue = new DeliveryQueue({ commands, keys, settings, store });
 * await queue.add([subscription], event);
 * queue.startWorker(connection, handlers);
 * ```
 */
export class DeliveryQueue {
  readonly #queue: Queue<DeliveryJob>;
  readonly #commands: Redis;
  readonly #keys: RedisKeys;
  readonly #settings: RedisEventBackendSettings;
  readonly #store: WebhookStore;
  #worker: Worker<DeliveryJob> | undefined;

  constructor(parts: {
    commands: Redis;
    keys: RedisKeys;
    settings: RedisEventBackendSettings;
    store: WebhookStore;
  }) {
    this.#commands = parts.commands;
    this.#keys = parts.keys;
    this.#settings = parts.settings;
    this.#store = parts.store;
    this.#queue = new Queue<DeliveryJob>(DELIVERY_QUEUE, {
      connection: parts.commands,
      prefix: parts.keys.prefix,
    });
    this.#queue.on('error', (error) =>
      this.#settings.logger.debug({ err: error }, 'Webhook delivery queue error'),
    );
  }

  /**
   * Queues `event` for each of `subscriptions` (pending until settled); resolves once stored. A
   * delivery already queued (or settled within the hour) is left alone: marking it pending again
   * would hold the watermark back for good, and its job id would add nothing.
   */
  async add(subscriptions: readonly WebhookSubscription[], event: LoggedEvent): Promise<void> {
    const jobs = subscriptions.map((subscription) => ({
      subscription,
      jobId: deliveryJobId(subscription.id, event.eventId),
    }));
    const existing = await Promise.all(jobs.map(({ jobId }) => this.#queue.getJob(jobId)));
    const fresh = jobs.filter((_job, index) => existing[index] === undefined);
    if (fresh.length === 0) return;
    await Promise.all(
      fresh.map(({ subscription }) => this.#store.markPending(subscription.id, [event.position])),
    );
    await this.#queue.addBulk(
      fresh.map(({ subscription, jobId }) => ({
        name: 'deliver',
        data: { subscriptionId: subscription.id, event },
        opts: {
          jobId,
          attempts: this.#settings.attempts,
          backoff: { type: 'webhook' },
          removeOnComplete: KEEP_SETTLED,
          removeOnFail: KEEP_SETTLED,
        },
      })),
    );
  }

  /** Runs deliveries in this process on `connection` (a blocking one of its own). */
  startWorker(connection: Redis, handlers: WebhookDeliveryHandlers): void {
    const { lockDurationMs, logger } = this.#settings;
    this.#worker = new Worker<DeliveryJob>(DELIVERY_QUEUE, (job) => this.#run(job, handlers), {
      connection,
      prefix: this.#keys.prefix,
      concurrency: CONCURRENT_DELIVERIES,
      lockDuration: lockDurationMs,
      stalledInterval: lockDurationMs,
      // A delivery whose worker died runs again (at-least-once; receivers dedup on webhook-id).
      maxStalledCount: this.#settings.attempts,
      settings: {
        backoffStrategy: (attemptsMade: number) => this.#settings.retryDelayMs(attemptsMade),
      },
    });
    this.#worker.on('error', (error) => logger.warn({ err: error }, 'Webhook worker error'));
    this.#worker.on('failed', (job, error) => void this.#failedByBullmq(job, error));
  }

  /** The newest dead letters first, at most `limit`. */
  async deadLetters(limit: number): Promise<DeadLetter[]> {
    const entries = await this.#commands.xrevrange(
      this.#keys.deadLetters,
      '+',
      '-',
      'COUNT',
      limit,
    );
    return entries.map(([, fields]) => {
      const values = fieldMap(fields);
      return {
        subscriptionId: values.get('subscriptionId') ?? '',
        eventId: values.get('eventId') ?? '',
        category: (values.get('category') ?? 'connection_refused') as DeadLetter['category'],
        attempts: Number(values.get('attempts') ?? 0),
        failedAt: Number(values.get('failedAt') ?? 0),
      };
    });
  }

  /** Stops the worker (letting a running delivery finish) and the queue. */
  async close(): Promise<void> {
    await this.#worker?.close();
    await this.#queue.close();
  }

  async #run(job: Job<DeliveryJob>, handlers: WebhookDeliveryHandlers): Promise<void> {
    const { subscriptionId, event } = job.data;
    const attempt = job.attemptsMade + 1;
    const subscription = await this.#store.get(subscriptionId);
    if (subscription === undefined) return; // gone or expired: nothing to deliver to
    const outcome = await this.#attempt(handlers, subscription, job.data, attempt);
    if (outcome.ok) {
      await this.#store.record(subscriptionId, {
        position: event.position,
        outcome,
        at: Date.now(),
      });
      return;
    }
    const final = !outcome.retry || attempt >= this.#settings.attempts;
    if (!final) throw new Error(`Delivery failed: ${outcome.category}`);
    await this.#store.record(subscriptionId, { position: event.position, outcome, at: Date.now() });
    await this.#deadLetter({
      subscriptionId,
      eventId: event.eventId,
      category: outcome.category,
      attempts: attempt,
      failedAt: Date.now(),
    });
    throw new UnrecoverableError(`Delivery given up: ${outcome.category}`);
  }

  /** One `deliver` call, bounded by `timeoutMs`; a throw counts as a refused connection. */
  async #attempt(
    handlers: WebhookDeliveryHandlers,
    subscription: WebhookSubscription,
    job: DeliveryJob,
    attempt: number,
  ): Promise<DeliveryOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<DeliveryOutcome>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, category: 'timeout', retry: true }),
        this.#settings.timeoutMs,
      );
    });
    try {
      return await Promise.race([handlers.deliver(subscription, job, attempt), timedOut]);
    } catch (error) {
      this.#settings.logger.warn({ err: error }, 'A webhook delivery attempt threw');
      return { ok: false, category: 'connection_refused', retry: true };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A job BullMQ failed itself, not our processor: one that lost its worker more often than
   * `maxStalledCount` allows. It is given up on like any other, with a dead letter.
   */
  async #failedByBullmq(job: Job<DeliveryJob> | undefined, error: Error): Promise<void> {
    if (job === undefined || !/stalled/i.test(error.message)) return;
    const { subscriptionId, event } = job.data;
    const outcome = { ok: false, category: 'timeout', retry: false } as const;
    try {
      await this.#store.record(subscriptionId, {
        position: event.position,
        outcome,
        at: Date.now(),
      });
      await this.#deadLetter({
        subscriptionId,
        eventId: event.eventId,
        category: 'timeout',
        attempts: job.attemptsStarted,
        failedAt: Date.now(),
      });
    } catch (failure) {
      this.#settings.logger.warn({ err: failure }, 'Could not record a lost webhook delivery');
    }
  }

  async #deadLetter(letter: DeadLetter): Promise<void> {
    const fields = Object.entries(letter).flatMap(([key, value]) => [key, String(value)]);
    await this.#commands.xadd(
      this.#keys.deadLetters,
      'MAXLEN',
      '~',
      DEAD_LETTERS_KEPT,
      '*',
      ...fields,
    );
  }
}
