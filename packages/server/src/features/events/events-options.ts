// How events are kept, read and delivered (the MCP events extension, SEP-3415).
import type { EventTypeDefinition } from '@apcore-mcp/core';
import type { EventBackend } from '@apcore-mcp/core/bridge';
import type { DefinitionList, DefinitionSource } from '../../kernel/definition-list.js';
import { NO_DEFINITIONS, resolveDefinitionList } from '../../kernel/definition-list.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { booleanOption, integerOption } from '../../kernel/primitive-options.js';

const seconds = (key: string, help: string) => [
  { key, kind: 'integer' as const, scale: 1000, help },
];
const count = (key: string, help: string) => [{ key, kind: 'integer' as const, help }];
const flag = (key: string, help: string) => [{ key, kind: 'boolean' as const, help }];

/**
 * The event options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * EVENT_OPTIONS.eventMaxBatch.defaultValue; // 100
 * ```
 */
export const EVENT_OPTIONS = {
  /** Event types made by `defineEventType`: an array, or a function returning the current ones. */
  eventTypes: declareOption<
    DefinitionList<EventTypeDefinition>,
    DefinitionSource<EventTypeDefinition>
  >({
    expected: 'an array of definitions made by defineEventType, or a function returning one',
    defaultValue: NO_DEFINITIONS,
    resolve: (value) =>
      resolveDefinitionList(
        {
          option: 'eventTypes',
          kind: 'eventType',
          maker: 'defineEventType',
          key: { name: 'name', of: (type) => type.name },
        },
        value,
      ),
  }),
  /**
   * Where events are kept and webhooks delivered: this process's memory (the default), or a
   * backend you built (`@apcore-mcp/events-redis` shares them across instances).
   */
  eventBackend: declareOption<EventBackend, EventBackend | undefined>({
    expected: 'an event backend (an object with a log: append, head, read, tail, close)',
    defaultValue: undefined,
    resolve: resolveEventBackend,
  }),
  /** How long occurrences are kept for replay, in ms; default 1 hour. */
  eventRetentionMs: integerOption({
    minimum: 1000,
    defaultValue: 3_600_000,
    cli: seconds('event-retention', 'Seconds event occurrences are kept for replay'),
  }),
  /** How many occurrences of each type are kept; default 1000. */
  eventBufferSize: integerOption({
    minimum: 1,
    defaultValue: 1000,
    cli: count('event-buffer', 'Most occurrences kept per event type'),
  }),
  /** The `nextPollMs` suggested to pollers, in ms; default 2000. */
  eventPollIntervalMs: integerOption({
    minimum: 1,
    defaultValue: 2000,
    cli: seconds('event-poll-interval', 'Seconds a poller is told to wait between polls'),
  }),
  /** The most occurrences one poll answers (a client's `maxEvents` is clamped to it); default 100. */
  eventMaxBatch: integerOption({
    minimum: 1,
    defaultValue: 100,
    cli: count('event-max-batch', 'Most occurrences one events/poll answers'),
  }),
  /** The interval of an event stream's heartbeats, in ms (at most 30 s); default 15 s. */
  eventHeartbeatMs: integerOption({
    minimum: 100,
    defaultValue: 15_000,
    cli: seconds(
      'event-heartbeat',
      'Seconds between the heartbeats of an event stream (at most 30)',
    ),
  }),
  /** The most event streams one subject holds open on this instance; default 16. */
  maxEventStreamsPerSubject: integerOption({
    minimum: 1,
    defaultValue: 16,
    cli: count('max-event-streams-per-subject', 'Most open event streams of one caller'),
  }),
  /** Whether authenticated callers may subscribe webhooks (HTTP only); default true. */
  eventWebhooks: booleanOption({
    defaultValue: true,
    cli: flag(
      'event-webhooks',
      'Offer webhook delivery of events to authenticated callers; --no-event-webhooks turns it off',
    ),
  }),
  /** The longest a webhook subscription lives before it must be refreshed, in ms; default 1 day. */
  webhookTtlMs: integerOption({
    minimum: 1000,
    defaultValue: 86_400_000,
    cli: seconds('webhook-ttl', 'Most seconds a webhook subscription lives without a refresh'),
  }),
  /** The most webhook subscriptions of one subject; default 100. */
  maxWebhookSubscriptionsPerSubject: integerOption({
    minimum: 1,
    defaultValue: 100,
    cli: count('max-webhook-subscriptions-per-subject', 'Most webhook subscriptions of one caller'),
  }),
  /** The most distinct callback URLs of one subject; default 10. */
  maxWebhookEndpointsPerSubject: integerOption({
    minimum: 1,
    defaultValue: 10,
    cli: count('max-webhook-endpoints-per-subject', 'Most distinct webhook URLs of one caller'),
  }),
  /** The most webhook subscriptions of all subjects together; default 10 000. */
  maxWebhookSubscriptions: integerOption({
    minimum: 1,
    defaultValue: 10_000,
    cli: count('max-webhook-subscriptions', 'Most webhook subscriptions of all callers'),
  }),
  /** Attempts per webhook delivery (1 to 10); default 5, within about 8 minutes. */
  webhookAttempts: integerOption({
    minimum: 1,
    defaultValue: 5,
    cli: count('webhook-attempts', 'Attempts per webhook delivery (1 to 10)'),
  }),
  /** The deadline of one webhook attempt, in ms; default 5 s. */
  webhookTimeoutMs: integerOption({
    minimum: 100,
    defaultValue: 5000,
    cli: seconds('webhook-timeout', 'Seconds one webhook delivery attempt may take'),
  }),
  /** Allow `http:` callback URLs to loopback (local development, tests); default false. */
  webhookAllowHttp: booleanOption({
    defaultValue: false,
    cli: flag(
      'webhook-allow-http',
      'Allow http: webhook URLs to loopback addresses (local development)',
    ),
  }),
  /** Allow deliveries to private, loopback and other non-global addresses; default false. */
  webhookAllowPrivate: booleanOption({
    defaultValue: false,
    cli: flag(
      'webhook-allow-private',
      'Allow webhook deliveries to private and loopback addresses',
    ),
  }),
  /** Serve `apcore-mcp/emitTestEvent` (the inspector's "Emit test event"); default false. */
  eventTestEmit: booleanOption({
    defaultValue: false,
    cli: flag(
      'event-test-emit',
      'Serve apcore-mcp/emitTestEvent, which emits an occurrence a caller names',
    ),
  }),
};

const LOG_METHODS = ['append', 'head', 'read', 'tail', 'close'];

function resolveEventBackend(value: unknown): EventBackend {
  const log = (value as { log?: Record<string, unknown> } | null)?.log;
  const missing = LOG_METHODS.filter((name) => typeof log?.[name] !== 'function');
  if (typeof value !== 'object' || missing.length > 0) {
    const expected = EVENT_OPTIONS.eventBackend.expected;
    const sentence = [
      { option: 'eventBackend' },
      ` must be ${expected}; missing: log.${missing.join(', log.')}`,
    ];
    throw new InvalidOptionError({ option: 'eventBackend', value, expected, sentence });
  }
  return value as EventBackend;
}
