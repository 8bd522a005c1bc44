import type {
  WebhookCaps,
  WebhookDelivery,
  WebhookStore,
  WebhookSubscription,
} from '@apcore-mcp/core/bridge';
import type { ProtocolError } from '@modelcontextprotocol/server';
import { matchesSubscription } from '../catalog/argument-match.js';
import type { EventCaller } from '../catalog/event-caller.js';
import { resolveSubscription } from '../catalog/resolve-subscription.js';
import { startPosition } from '../log/start-position.js';
import {
  callbackEndpointError,
  eventForbidden,
  eventNotFound,
  eventResourceExhausted,
  eventUnsupported,
  invalidEventParams,
} from '../wire/event-errors.js';
import type { EventHandler, EventParts } from '../wire/event-handlers.js';
import { readSubscriptionParams, type SubscriptionParams } from '../wire/event-params.js';
import type { WebhookTools } from './open-webhooks.js';
import { grantTtlMs, subscriptionIdOf } from './subscription-id.js';
import type { VerificationRate } from './verification-rate.js';

/** How long a proven `(principal, url)` stays proven, and an old secret still signs. */
const VERIFIED_FOR_MS = 24 * 3_600_000;
const SECRET_GRACE_MS = 3_600_000;

/**
 * What the webhook methods use besides the event parts.
 *
 * @example
 * ```ts
 * const webhooks: WebhookParts = { store, delivery, tools, verificationRate, caps, ttlCapMs: 86_400_000 };
 * ```
 */
export interface WebhookParts {
  readonly store: WebhookStore;
  readonly delivery: WebhookDelivery;
  readonly tools: WebhookTools;
  /** Verification challenges per destination host, counted across instances. */
  readonly verificationRate: VerificationRate;
  readonly caps: WebhookCaps;
  readonly ttlCapMs: number;
}

/** Only an authenticated caller over HTTP subscribes webhooks (no auth: poll and push only). */
function requireAuthenticated(caller: EventCaller): void {
  if (!caller.authenticated || !caller.overHttp) {
    throw eventForbidden('webhook subscriptions need an authenticated caller');
  }
}

function readDelivery(params: Record<string, unknown>): Record<string, unknown> {
  const { delivery } = params;
  if (typeof delivery !== 'object' || delivery === null || Array.isArray(delivery)) {
    throw invalidEventParams('delivery must be an object with url and secret', 'delivery');
  }
  const { mode, url } = delivery as Record<string, unknown>;
  if (mode !== undefined && mode !== 'webhook')
    throw eventUnsupported('deliveryMode', String(mode));
  if (typeof url !== 'string')
    throw invalidEventParams('delivery.url must be a string', 'delivery.url');
  return delivery as Record<string, unknown>;
}

/**
 * `events/subscribe`: an idempotent upsert keyed by `(principal, url, name, arguments)`. A new
 * `(principal, url)` is verified first (the signed challenge); the same key again refreshes the
 * TTL, keeps the id and rotates the secret (the old one signs too for an hour).
 *
 * @example
 * ```ts
 * registerEventHandler(target, context, 'events/subscribe', answerSubscribe(parts, webhooks));
 * ```
 */
export function answerSubscribe(parts: EventParts, webhooks: WebhookParts): EventHandler {
  return async (params, caller) => {
    requireAuthenticated(caller);
    const subscription = readSubscriptionParams(params);
    const delivery = readDelivery(params);
    const served = resolveSubscription(parts, caller, { ...subscription, mode: 'webhook' });
    const url = checkUrl(webhooks, delivery.url as string);
    const secret = delivery.secret;
    if (!webhooks.tools.isSecret(secret)) {
      throw invalidEventParams(
        'delivery.secret must be whsec_ followed by the base64 of 24 to 64 random bytes',
        'delivery.secret',
      );
    }
    const ttlMs = readTtl(params);
    const key = { principal: caller.subject, url, name: served.type.name, args: subscription.args };
    const id = subscriptionIdOf(key);
    if (!(await webhooks.store.verified(caller.subject, url))) {
      await takeVerification(webhooks.verificationRate, url);
      const outcome = await webhooks.tools.sender.verify(url, secret as string, id);
      if (!outcome.ok) throw callbackEndpointError(outcome.category);
      await webhooks.store.markVerified(caller.subject, url, VERIFIED_FOR_MS);
    }
    const existing = await webhooks.store.get(id);
    const now = Date.now();
    const stored: WebhookSubscription = {
      id,
      principal: caller.subject,
      identity: caller.identity ?? { id: caller.subject, type: 'user', roles: [] },
      name: served.type.name,
      arguments: subscription.args,
      url,
      secrets: rotateSecrets(existing, secret as string, now),
      refreshBefore: now + grantTtlMs(ttlMs, webhooks.ttlCapMs),
      createdAt: existing?.createdAt ?? now,
      status: existing?.status ?? {},
    };
    const answer = await webhooks.store.upsert(stored, webhooks.caps);
    if ('refused' in answer) throw refusedByCap(answer.refused, webhooks.caps);
    return replayAndAnswer(parts, webhooks, { stored, existing, subscription });
  };
}

/**
 * Over the host's rate the subscribe is refused `ResourceExhausted`: the server declines to
 * send, the endpoint has not failed anything (`CallbackEndpointError` would say it had).
 */
async function takeVerification(rate: VerificationRate, url: string): Promise<void> {
  const decision = await rate.take(new URL(url));
  if (!decision.admitted) {
    throw eventResourceExhausted('verifications', rate.perMinute, decision.retryAfterMs);
  }
}

/** The SEP's two subscription limits: the total cap is reported as `subscriptions` too. */
function refusedByCap(
  refused: 'subscriptions' | 'endpoints' | 'total',
  caps: WebhookCaps,
): ProtocolError {
  if (refused === 'endpoints') return eventResourceExhausted('endpoints', caps.endpointsPerSubject);
  const max = refused === 'total' ? caps.total : caps.perSubject;
  return eventResourceExhausted('subscriptions', max);
}

function checkUrl(webhooks: WebhookParts, url: string): string {
  const checked = webhooks.tools.sender.checkUrl(url);
  if (!checked.ok) throw invalidEventParams(checked.reason, 'delivery.url');
  return checked.url.href;
}

function readTtl(params: Record<string, unknown>): number | null | undefined {
  const { ttlMs } = params;
  if (ttlMs === undefined || ttlMs === null) return ttlMs;
  if (typeof ttlMs !== 'number' || !Number.isSafeInteger(ttlMs) || ttlMs < 0) {
    throw invalidEventParams('ttlMs must be a non-negative integer or null', 'ttlMs');
  }
  return ttlMs;
}

function rotateSecrets(
  existing: WebhookSubscription | undefined,
  secret: string,
  now: number,
): WebhookSubscription['secrets'] {
  if (existing === undefined) return { current: secret };
  if (existing.secrets.current === secret) return existing.secrets;
  return {
    current: secret,
    previous: existing.secrets.current,
    previousUntil: now + SECRET_GRACE_MS,
  };
}

/**
 * A new subscription replays from its cursor (a refresh's cursor is a no-op); answers the id,
 * the granted expiry, the watermark cursor and, on a refresh, the delivery status.
 */
async function replayAndAnswer(
  parts: EventParts,
  webhooks: WebhookParts,
  request: {
    stored: WebhookSubscription;
    existing: WebhookSubscription | undefined;
    subscription: SubscriptionParams;
  },
): Promise<Record<string, unknown>> {
  const { stored, existing, subscription } = request;
  const name = stored.name;
  const replay = parts.catalog.find(name)?.type.replay ?? false;
  // Replaying more than this is a gap: the subscriber polls for older occurrences.
  let truncated = false;
  let after: string | undefined;
  if (existing === undefined && replay) {
    const start = await startPosition(parts, name, subscription.cursor, subscription.maxAgeMs);
    truncated = start.truncated;
    after = start.after;
    const floor = start.notBeforeMs === undefined ? {} : { notBeforeMs: start.notBeforeMs };
    const read = await parts.log.read(name, start.after, { limit: parts.maxBatch * 10, ...floor });
    truncated ||= read.truncated;
    const served = parts.catalog.find(name);
    const backlog = read.events.filter(
      (event) =>
        served !== undefined &&
        matchesSubscription(served.type, stored.arguments, event, stored.principal),
    );
    await webhooks.delivery.enqueue(stored, backlog);
  } else {
    await webhooks.delivery.enqueue(stored, []);
  }
  const mark = replay ? await webhooks.store.watermark(stored.id) : undefined;
  const position =
    mark ?? (after === undefined ? undefined : { position: after, inclusive: false });
  const cursor =
    position === undefined
      ? replay
        ? parts.cursors.mint({
            name,
            epoch: parts.log.epoch,
            position: await parts.log.head(name),
            inclusive: false,
          })
        : null
      : parts.cursors.mint({ name, epoch: parts.log.epoch, ...position });
  return {
    id: stored.id,
    refreshBefore: new Date(stored.refreshBefore).toISOString(),
    cursor,
    truncated,
    ...(existing === undefined ? {} : { deliveryStatus: deliveryStatusOf(stored) }),
  };
}

function deliveryStatusOf(subscription: WebhookSubscription): Record<string, unknown> {
  const { lastDeliveryAt, lastError, failedSince } = subscription.status;
  return {
    active: true,
    lastDeliveryAt: lastDeliveryAt === undefined ? null : new Date(lastDeliveryAt).toISOString(),
    lastError: lastError ?? null,
    ...(failedSince === undefined ? {} : { failedSince: new Date(failedSince).toISOString() }),
  };
}

/**
 * `events/unsubscribe`: removes the caller's subscription of that key; `NotFound` when it has
 * none such.
 *
 * @example
 * ```ts
 * registerEventHandler(target, context, 'events/unsubscribe', answerUnsubscribe(webhooks));
 * ```
 */
export function answerUnsubscribe(webhooks: WebhookParts): EventHandler {
  return async (params, caller) => {
    requireAuthenticated(caller);
    const { name, args } = readSubscriptionParams(params);
    const delivery = readDelivery(params);
    const url = checkUrl(webhooks, delivery.url as string);
    const id = subscriptionIdOf({ principal: caller.subject, url, name, args });
    if (!(await webhooks.store.remove(caller.subject, id)))
      throw eventNotFound('subscription', name);
    return {};
  };
}
