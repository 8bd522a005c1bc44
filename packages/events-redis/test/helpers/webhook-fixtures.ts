import type {
  DeliveryOutcome,
  EventBackend,
  LoggedEvent,
  WebhookDelivery,
  WebhookStore,
  WebhookSubscription,
} from '@apcore-mcp/core/bridge';

/** The bounds the delivery tests append with. */
export const BOUNDS = { retentionMs: 3_600_000, maxLength: 1000 };

/** Caps wide enough never to refuse. */
export const WIDE_CAPS = { perSubject: 100, endpointsPerSubject: 100, total: 1000 };

/** One delivery attempt a test's `deliver` saw. */
export interface SeenAttempt {
  instance: string;
  subscriptionId: string;
  eventId: string;
  attempt: number;
}

/**
 * A live subscription of `principal` to `name`.
 *
 * @example
 * ```ts
 * await store.upsert(subscriptionTo('stock.low', 'alice'), WIDE_CAPS);
 * ```
 */
export function subscriptionTo(name: string, principal: string): WebhookSubscription {
  const now = Date.now();
  return {
    id: `sub_${principal}_${name.replaceAll('.', '_')}`,
    principal,
    identity: { id: principal },
    name,
    arguments: {},
    url: `https://hooks.example.com/${principal}`,
    secrets: { current: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
    refreshBefore: now + 3_600_000,
    createdAt: now,
    status: {},
  };
}

/**
 * An occurrence of `name` to append.
 *
 * @example
 * ```ts
 * await log.append(occurrenceOf('stock.low', 'evt_1'), BOUNDS);
 * ```
 */
export function occurrenceOf(name: string, eventId: string): Omit<LoggedEvent, 'position'> {
  return { eventId, name, timestamp: new Date().toISOString(), data: { eventId } };
}

/**
 * The webhook half of a backend (the Redis one always has it).
 *
 * @example
 * ```ts
 * const { store, delivery } = webhooksOf(backend);
 * ```
 */
export function webhooksOf(backend: EventBackend): {
  store: WebhookStore;
  delivery: WebhookDelivery;
} {
  if (backend.webhooks === undefined) throw new Error('the Redis backend has webhooks');
  return backend.webhooks;
}

/**
 * Starts `backend`'s delivery with every live subscription selected and `answer` deciding each
 * attempt; every attempt is pushed onto `seen`.
 *
 * @example
 * ```ts
 * startDelivering(backend, 'a', seen, () => ({ ok: true }));
 * ```
 */
export function startDelivering(
  backend: EventBackend,
  instance: string,
  seen: SeenAttempt[],
  answer: (attempt: SeenAttempt) => DeliveryOutcome | Promise<DeliveryOutcome>,
): void {
  webhooksOf(backend).delivery.start({
    select: (_event, live) => live,
    async deliver(subscription, job, attempt) {
      const one = {
        instance,
        subscriptionId: subscription.id,
        eventId: job.event.eventId,
        attempt,
      };
      seen.push(one);
      return answer(one);
    },
  });
}
