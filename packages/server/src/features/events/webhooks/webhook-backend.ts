import type { EventBackend, WebhookDelivery, WebhookStore } from '@apcore-mcp/core/bridge';
import type { FeatureFrame } from '../../../feature-api/server-feature.js';
import { MissingPackageError } from '../../../kernel/load-optional-package.js';
import { createMemoryWebhookDelivery } from './memory-delivery.js';
import { createMemoryWebhookStore } from './memory-webhook-store.js';
import { loadWebhookTools, type WebhookTools } from './open-webhooks.js';

/**
 * Said once, at the first subscription kept in this process's memory: a client that subscribes
 * once and only refreshes (ChatGPT) loses its subscription at every restart. Not at start: a
 * server nobody subscribes to (no authentication, say) has nothing to lose.
 */
export const MEMORY_WEBHOOKS_WARNING =
  "Event webhook subscriptions are kept in this process's memory and lost when it restarts " +
  '(ChatGPT subscribes once and does not notice); keep them in Redis with an eventBackend ' +
  '(the CLI: --events redis://...)';

/**
 * The webhook side of the events feature once open: the store and delivery (the backend's, or
 * this process's memory) and the package's sender.
 *
 * @example
 * ```ts
 * const opened = await openWebhookBackend(options, frame, backend);
 * ```
 */
export interface OpenedWebhooks {
  readonly store: WebhookStore;
  readonly delivery: WebhookDelivery;
  readonly tools: WebhookTools;
  /**
   * Whether callers subscribe here (an HTTP transport). Over stdio a shared backend's
   * subscriptions, made through HTTP instances, are still delivered by this process.
   */
  readonly subscribes: boolean;
}

/**
 * Opens webhook delivery when the options and the transport allow it (`eventWebhooks`, an HTTP
 * transport, or a backend whose subscriptions other instances take, such as the one an
 * `apcore-mcp worker` delivers for); `undefined` otherwise, and when `@apcore-mcp/webhooks` is
 * not installed (told once: poll and push are served regardless).
 *
 * @example
 * ```ts
 * const webhooks = await openWebhookBackend({ eventWebhooks: true, ... }, frame, backend);
 * ```
 */
export async function openWebhookBackend(
  options: {
    eventWebhooks: boolean;
    webhookAllowHttp: boolean;
    webhookAllowPrivate: boolean;
    webhookTimeoutMs: number;
    webhookAttempts: number;
  },
  frame: FeatureFrame,
  backend: EventBackend,
): Promise<OpenedWebhooks | undefined> {
  const subscribes = frame.transport !== 'stdio';
  if (!options.eventWebhooks || (!subscribes && backend.webhooks === undefined)) return undefined;
  let tools: WebhookTools;
  try {
    tools = await loadWebhookTools({
      allowHttpLoopback: options.webhookAllowHttp,
      allowPrivate: options.webhookAllowPrivate,
      timeoutMs: options.webhookTimeoutMs,
    });
  } catch (error) {
    if (!MissingPackageError.isInstance(error)) throw error;
    frame.logger.info(
      'Event webhooks are not served: install @apcore-mcp/webhooks to serve them (poll and push are)',
    );
    return undefined;
  }
  if (backend.webhooks !== undefined) return { ...backend.webhooks, tools, subscribes };
  const store = createMemoryWebhookStore({
    onFirstSubscription: () => frame.logger.warn(MEMORY_WEBHOOKS_WARNING),
  });
  const delivery = createMemoryWebhookDelivery({
    log: backend.log,
    store,
    logger: frame.logger,
    attempts: options.webhookAttempts,
    retryDelayMs: tools.retryDelayMs,
  });
  return { store, delivery, tools, subscribes };
}
