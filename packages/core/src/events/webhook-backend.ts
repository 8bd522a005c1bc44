// Webhook subscriptions and their deliveries: the part of an event backend a server uses only
// when it serves webhooks.
import type { Identity } from '../contract.js';
import type { LoggedEvent } from './event-log.js';

/**
 * Why a webhook delivery failed, in the categories the wire reports (never a raw status line,
 * header or body).
 *
 * @example
 * ```ts
 * const category: DeliveryErrorCategory = 'http_5xx';
 * ```
 */
export type DeliveryErrorCategory =
  | 'connection_refused'
  | 'timeout'
  | 'tls_error'
  | 'http_4xx'
  | 'http_5xx'
  | 'challenge_failed';

/**
 * How one delivery attempt went; `retry: false` makes it final (410, 413, a subscription gone).
 *
 * @example
 * ```ts
 * const outcome: DeliveryOutcome = { ok: false, category: 'http_5xx', retry: true };
 * ```
 */
export type DeliveryOutcome =
  | { ok: true }
  | { ok: false; category: DeliveryErrorCategory; retry: boolean };

/**
 * A webhook subscription, keyed by `(principal, url, name, arguments)`; `id` is a hash of that
 * key, stable across refreshes.
 *
 * @example
 * ```ts
 * const live = subscription.refreshBefore > Date.now();
 * ```
 */
export interface WebhookSubscription {
  id: string;
  /** The subject that owns it. */
  principal: string;
  /** Who subscribed, as authenticated: visibility is checked again at each delivery. */
  identity: Identity;
  name: string;
  arguments: Record<string, unknown>;
  url: string;
  /** `whsec_` secrets: the current one, and the previous one until `previousUntil` (ms). */
  secrets: { current: string; previous?: string; previousUntil?: number };
  /** Expiry, ms since the epoch. */
  refreshBefore: number;
  createdAt: number;
  status: {
    lastDeliveryAt?: number;
    lastError?: DeliveryErrorCategory;
    /** Since when deliveries fail (ms), cleared by a success. */
    failedSince?: number;
  };
}

/**
 * The bounds an upsert checks atomically with its write.
 *
 * @example
 * ```ts
 * const caps: WebhookCaps = { perSubject: 100, endpointsPerSubject: 10, total: 10_000 };
 * ```
 */
export interface WebhookCaps {
  perSubject: number;
  endpointsPerSubject: number;
  total: number;
}

/**
 * Where a delivery's result is recorded: the occurrence's position and when it settled.
 *
 * @example
 * ```ts
 * await store.record(id, { position: event.position, outcome: { ok: true }, at: Date.now() });
 * ```
 */
export interface DeliveryRecord {
  position: string;
  outcome: DeliveryOutcome;
  at: number;
}

/**
 * Where a subscription's delivery stands: the position a client may persist and resume from
 * (`inclusive`: from it, an occurrence still undelivered; else after it).
 *
 * @example
 * ```ts
 * const mark: WebhookWatermark = { position: '12', inclusive: true };
 * ```
 */
export interface WebhookWatermark {
  position: string;
  inclusive: boolean;
}

/**
 * The webhook subscriptions, shared by the instances that deliver them.
 *
 * @example
 * ```ts
 * const answer = await store.upsert(subscription, caps);
 * if ('refused' in answer) throw resourceExhausted(answer.refused);
 * ```
 */
export interface WebhookStore {
  /**
   * Creates or refreshes (same id); refused when a cap would be passed, naming it:
   * `subscriptions` the subject's, `endpoints` the subject's distinct URLs, `total` all
   * subjects' together.
   */
  upsert(
    subscription: WebhookSubscription,
    caps: WebhookCaps,
  ): Promise<{ created: boolean } | { refused: 'subscriptions' | 'endpoints' | 'total' }>;
  /** Removes `principal`'s subscription `id`; `false` when it has none such. */
  remove(principal: string, id: string): Promise<boolean>;
  get(id: string): Promise<WebhookSubscription | undefined>;
  /** The unexpired subscriptions to `name`. */
  live(name: string): Promise<WebhookSubscription[]>;
  /** Whether `principal` proved it receives at `url` (the verification handshake), still. */
  verified(principal: string, url: string): Promise<boolean>;
  markVerified(principal: string, url: string, ttlMs: number): Promise<void>;
  /** Occurrences handed to delivery for `id`: pending until recorded. */
  markPending(id: string, positions: readonly string[]): Promise<void>;
  /** A settled delivery: its status, and the position no longer pending. */
  record(id: string, settled: DeliveryRecord): Promise<void>;
  /** Where `id`'s delivery stands; `undefined` before anything was handed to it. */
  watermark(id: string): Promise<WebhookWatermark | undefined>;
  close(): Promise<void>;
}

/**
 * One occurrence to deliver to one subscription.
 *
 * @example
 * ```ts
 * const job: DeliveryJob = { subscriptionId: subscription.id, event };
 * ```
 */
export interface DeliveryJob {
  subscriptionId: string;
  event: LoggedEvent;
}

/**
 * A delivery given up on after its attempts (or refused: a full queue).
 *
 * @example
 * ```ts
 * const letters: DeadLetter[] = await delivery.deadLetters(50);
 * ```
 */
export interface DeadLetter {
  subscriptionId: string;
  eventId: string;
  category: DeliveryErrorCategory | 'queue_full';
  attempts: number;
  /** ms since the epoch. */
  failedAt: number;
}

/**
 * What the server gives delivery: which live subscriptions an occurrence goes to (arguments,
 * audience, visibility), and how one attempt is made (signing, the HTTP POST).
 *
 * @example
 * ```ts
 * delivery.start({ select: (event, live) => live, deliver: (s, job, attempt) => post(s, job) });
 * ```
 */
export interface WebhookDeliveryHandlers {
  select(event: LoggedEvent, live: WebhookSubscription[]): WebhookSubscription[];
  deliver(
    subscription: WebhookSubscription,
    job: DeliveryJob,
    attempt: number,
  ): Promise<DeliveryOutcome>;
}

/**
 * Fan-out of new occurrences to their subscriptions and the retries of each delivery; the
 * HTTP work is the server's `deliver`.
 *
 * @example
 * ```ts
 * delivery.start(handlers);
 * await delivery.enqueue(subscription, backlog);
 * ```
 */
export interface WebhookDelivery {
  start(handlers: WebhookDeliveryHandlers): void;
  /** Queues `backlog` for `subscription` (the replay of a new or renewed subscription). */
  enqueue(subscription: WebhookSubscription, backlog: LoggedEvent[]): Promise<void>;
  deadLetters(limit: number): Promise<DeadLetter[]>;
  close(): Promise<void>;
}
