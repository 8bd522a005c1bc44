import type { EventBackend } from '@apcore-mcp/core/bridge';
import type { FeatureRuntime } from '../../feature-api/feature-runtime.js';
import type {
  FeatureFrame,
  OpenedFeature,
  ResolvedFeatureOptions,
} from '../../feature-api/server-feature.js';
import type { AttachedEventHub } from '../../kernel/event-hub.js';
import { TASK_FINISHED_EVENT } from '../../kernel/task-finished-event.js';
import { readAccessCheck } from '../../tools/tool-visibility.js';
import { EventCatalog } from './catalog/event-catalog.js';
import { EventVisibility } from './catalog/event-visibility.js';
import type { EVENT_OPTIONS } from './events-options.js';
import { EventCursors } from './log/event-cursor.js';
import { createEventHub } from './log/event-hub.js';
import { createMemoryEventLog } from './log/memory-event-log.js';
import { OpenStreams } from './push/open-streams.js';
import { answerStream } from './push/stream-handler.js';
import { answerTestEmit } from './test-emit.js';
import { createDeliveryHandlers } from './webhooks/open-webhooks.js';
import { answerSubscribe, answerUnsubscribe, type WebhookParts } from './webhooks/subscribe.js';
import { VerificationRate } from './webhooks/verification-rate.js';
import { type OpenedWebhooks, openWebhookBackend } from './webhooks/webhook-backend.js';
import {
  type EventParts,
  registerEventHandler,
  registerListAndPoll,
} from './wire/event-handlers.js';
import { eventsCapabilities } from './wire/events-capabilities.js';
import { EMIT_TEST_EVENT_METHOD, EVENT_METHODS } from './wire/events-wire.js';

type EventOptions = ResolvedFeatureOptions<typeof EVENT_OPTIONS>;

/**
 * The events extension of one server: its log (the `eventBackend`, or one in memory), the
 * catalog, the wire methods, webhooks where the backend delivers them.
 *
 * @example
 * ```ts
 * const opened = await openEvents(options, frame, runtime);
 * ```
 */
export async function openEvents(
  options: EventOptions,
  frame: FeatureFrame,
  runtime: FeatureRuntime,
): Promise<OpenedFeature> {
  const backend: EventBackend = options.eventBackend ?? { log: createMemoryEventLog() };
  const webhooks = await openWebhookBackend(options, frame, backend);
  const subscribes = webhooks?.subscribes === true;
  const { parts, hub } = openEventParts(options, frame, runtime, backend, subscribes);
  const webhookParts =
    webhooks === undefined ? undefined : startWebhooks(options, parts, webhooks, runtime);
  const detach = runtime.events.attach(hub);
  const streams = new OpenStreams(options.maxEventStreamsPerSubject);
  const serves = () => parts.catalog.live || parts.catalog.current().length > 0;
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= closeBackend(backend, webhooks, detach, frame);
    return closed;
  };
  return {
    surface: {
      capabilities: () => (serves() ? eventsCapabilities() : {}),
      addHandlers: (target, { requests, identity }) => {
        if (!serves()) return undefined;
        const context = { requests, identity };
        registerListAndPoll(target, context, parts);
        const stream = answerStream(parts, streams, options.eventHeartbeatMs);
        registerEventHandler(target, context, EVENT_METHODS.stream, stream);
        if (webhookParts !== undefined && subscribes) {
          const subscribe = answerSubscribe(parts, webhookParts);
          registerEventHandler(target, context, EVENT_METHODS.subscribe, subscribe);
          const unsubscribe = answerUnsubscribe(webhookParts);
          registerEventHandler(target, context, EVENT_METHODS.unsubscribe, unsubscribe);
        }
        if (options.eventTestEmit) {
          const answer = answerTestEmit({ ...parts, hub });
          registerEventHandler(target, context, EMIT_TEST_EVENT_METHOD, answer);
        }
        return undefined;
      },
    },
    // Before the router stops: an open stream would hold the shutdown for its whole grace.
    drain: async () => streams.closeAll(),
    close,
  };
}

/** The catalog, who sees what, the log and its cursors, and the hub that appends to it. */
function openEventParts(
  options: EventOptions,
  frame: FeatureFrame,
  runtime: FeatureRuntime,
  backend: EventBackend,
  servesWebhooks: boolean,
): { parts: EventParts; hub: AttachedEventHub } {
  const servesTasks = () => runtime.tools.list().some((tool) => tool.task !== undefined);
  const catalog = new EventCatalog(options.eventTypes, frame.logger, (type) =>
    type.name === TASK_FINISHED_EVENT.name ? servesTasks() : true,
  );
  const hub = createEventHub({
    catalog,
    log: backend.log,
    bounds: { retentionMs: options.eventRetentionMs, maxLength: options.eventBufferSize },
  });
  const parts: EventParts = {
    catalog,
    visibility: new EventVisibility({
      access: readAccessCheck(runtime.executor),
      webhooks: servesWebhooks,
      tagFilter: runtime.tagFilter,
      unfiltered: (type) => catalog.isBuiltIn(type),
    }),
    log: backend.log,
    cursors: new EventCursors(runtime.deriveKey('events-cursor')),
    maxBatch: options.eventMaxBatch,
    pollIntervalMs: options.eventPollIntervalMs,
  };
  return { parts, hub };
}

/** Starts delivery (fan-out, retries) and gives the webhook methods what they use. */
function startWebhooks(
  options: EventOptions,
  parts: EventParts,
  webhooks: OpenedWebhooks,
  runtime: FeatureRuntime,
): WebhookParts {
  const { store, delivery, tools } = webhooks;
  delivery.start(createDeliveryHandlers({ ...parts, store, sender: tools.sender }));
  return {
    store,
    delivery,
    tools,
    verificationRate: new VerificationRate(runtime.store),
    caps: {
      perSubject: options.maxWebhookSubscriptionsPerSubject,
      endpointsPerSubject: options.maxWebhookEndpointsPerSubject,
      total: options.maxWebhookSubscriptions,
    },
    ttlCapMs: options.webhookTtlMs,
  };
}

/** Detaches the hub (emits then reject) and closes delivery and the backend; never rejects. */
async function closeBackend(
  backend: EventBackend,
  webhooks: OpenedWebhooks | undefined,
  detach: () => void,
  frame: FeatureFrame,
): Promise<void> {
  detach();
  const closing = [webhooks?.delivery.close(), webhooks?.store.close(), backend.log.close()];
  for (const result of await Promise.allSettled(closing)) {
    if (result.status === 'rejected') {
      frame.logger.warn({ err: result.reason }, 'Could not close the event backend');
    }
  }
}
