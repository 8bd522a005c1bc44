import type {
  DeliveryOutcome,
  EventLog,
  WebhookDeliveryHandlers,
  WebhookStore,
} from '@apcore-mcp/core/bridge';
import type { WebhookSender } from '@apcore-mcp/webhooks';
import { loadOptionalPackage } from '../../../kernel/load-optional-package.js';
import { matchesSubscription } from '../catalog/argument-match.js';
import type { EventCatalog } from '../catalog/event-catalog.js';
import type { EventVisibility } from '../catalog/event-visibility.js';
import type { EventCursors } from '../log/event-cursor.js';
import { toOccurrence } from '../poll/poll-events.js';
import { EVENT_ERROR_CODES } from '../wire/event-errors.js';

/**
 * What the webhooks package gives the events feature: the sender (URL rules, the SSRF guard,
 * signing, the handshake), the secret rule and the retry schedule.
 *
 * @example
 * ```ts
 * const tools = await loadWebhookTools({ allowHttpLoopback: true, allowPrivate: true, timeoutMs: 5000 });
 * ```
 */
export interface WebhookTools {
  readonly sender: WebhookSender;
  readonly isSecret: (value: unknown) => boolean;
  readonly retryDelayMs: (failedAttempts: number) => number;
}

/**
 * Loads `@apcore-mcp/webhooks` (an optional package) and makes its sender.
 *
 * @throws {MissingPackageError} when it is not installed.
 */
export async function loadWebhookTools(options: {
  allowHttpLoopback: boolean;
  allowPrivate: boolean;
  timeoutMs: number;
}): Promise<WebhookTools> {
  const webhooks = await loadOptionalPackage(
    '@apcore-mcp/webhooks',
    'webhook delivery of events (the eventWebhooks option)',
    () => import('@apcore-mcp/webhooks'),
  );
  return {
    sender: webhooks.createWebhookSender(options),
    isSecret: webhooks.isWebhookSecret,
    retryDelayMs: (failed) => webhooks.webhookRetryDelayMs(failed),
  };
}

/**
 * What delivery asks the server: which live subscriptions take an occurrence (their type still
 * served and visible to the subscriber, its arguments and audience), and one signed POST. A
 * subscriber that may no longer see the type is told `terminated` and its subscription removed.
 *
 * @example
 * ```ts
 * delivery.start(createDeliveryHandlers({ catalog, visibility, log, cursors, store, sender }));
 * ```
 */
export function createDeliveryHandlers(parts: {
  catalog: EventCatalog;
  visibility: EventVisibility;
  log: EventLog;
  cursors: EventCursors;
  store: WebhookStore;
  sender: WebhookSender;
}): WebhookDeliveryHandlers {
  const { catalog, visibility, log, cursors, store, sender } = parts;
  return {
    select: (event, live) => {
      const served = catalog.find(event.name);
      if (served === undefined) return [];
      return live.filter((subscription) =>
        matchesSubscription(served.type, subscription.arguments, event, subscription.principal),
      );
    },
    async deliver(subscription, job): Promise<DeliveryOutcome> {
      const served = catalog.find(subscription.name);
      const now = Date.now();
      const { current, previous, previousUntil } = subscription.secrets;
      const secrets =
        previous !== undefined && (previousUntil ?? 0) > now ? [current, previous] : [current];
      const message = { subscriptionId: subscription.id, secrets };
      if (served === undefined || !visibility.sees(served.type, subscription.identity)) {
        await store.remove(subscription.principal, subscription.id);
        await sender.post(
          subscription.url,
          {
            type: 'terminated',
            error: {
              code: EVENT_ERROR_CODES.forbidden,
              message: 'Forbidden: the subscriber may no longer see this event type',
              data: { reason: 'access_revoked' },
            },
          },
          { ...message, webhookId: `msg_terminated_${job.event.eventId}` },
        );
        return { ok: false, category: 'http_4xx', retry: false };
      }
      const mark = await store.watermark(subscription.id);
      const cursor =
        mark === undefined
          ? null
          : cursors.mint({ name: subscription.name, epoch: log.epoch, ...mark });
      const body = { ...toOccurrence(job.event), cursor };
      const outcome = await sender.post(subscription.url, body, {
        ...message,
        webhookId: job.event.eventId,
      });
      return outcome.ok
        ? { ok: true }
        : { ok: false, category: outcome.category, retry: outcome.retry };
    },
  };
}
