// The names and bounds of the events extension's wire (SEP-3415, 2026-07-28), in one place.

/** The methods a server with events answers. */
export const EVENT_METHODS = {
  list: 'events/list',
  poll: 'events/poll',
  stream: 'events/stream',
  subscribe: 'events/subscribe',
  unsubscribe: 'events/unsubscribe',
} as const;

/** This server's own method that emits a test occurrence (only with `eventTestEmit`). */
export const EMIT_TEST_EVENT_METHOD = 'apcore-mcp/emitTestEvent';

/** The notifications of one `events/stream`. */
export const EVENT_NOTIFICATIONS = {
  active: 'notifications/events/active',
  event: 'notifications/events/event',
  heartbeat: 'notifications/events/heartbeat',
  error: 'notifications/events/error',
  terminated: 'notifications/events/terminated',
} as const;

/** The `_meta` key of every stream notification: the `events/stream` request's JSON-RPC id. */
export const SUBSCRIPTION_ID_META_KEY = 'io.modelcontextprotocol/subscriptionId';

/** The largest serialized occurrence stored (and posted to a webhook), in bytes. */
export const MAX_EVENT_BYTES = 256 * 1024;

/** A poll scans at most this many stored occurrences per batch entry before it answers `hasMore`. */
export const POLL_SCAN_FACTOR = 10;

/**
 * An occurrence as the wire shows it (`events/poll` entries, `notifications/events/event`,
 * a webhook body).
 *
 * @example
 * ```ts
 * const shown: EventOccurrence = { eventId: 'evt_1', name: 'stock.low', timestamp, data: {} };
 * ```
 */
export interface EventOccurrence {
  eventId: string;
  name: string;
  timestamp: string;
  data: Record<string, unknown>;
  cursor?: string | null;
}
