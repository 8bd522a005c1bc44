import type { EventLog, LoggedEvent } from '@apcore-mcp/core/bridge';
import { matchesSubscription } from '../catalog/argument-match.js';
import type { ServedEventType } from '../catalog/event-catalog.js';
import type { EventCursors } from '../log/event-cursor.js';
import { startPosition } from '../log/start-position.js';
import { type EventOccurrence, POLL_SCAN_FACTOR } from '../wire/events-wire.js';

/**
 * The result of `events/poll`.
 *
 * @example
 * ```ts
 * const result: PollResult = { events: [], cursor, truncated: false, hasMore: false, nextPollMs: 2000 };
 * ```
 */
export interface PollResult {
  events: EventOccurrence[];
  cursor: string | null;
  truncated: boolean;
  hasMore: boolean;
  nextPollMs: number;
  [key: string]: unknown;
}

/**
 * One poll: no state kept between requests. Reads from the cursor's position the occurrences
 * the subscription takes (its arguments, the caller's audience), at most `maxEvents`, scanning
 * at most {@link POLL_SCAN_FACTOR} times as many stored ones (then `hasMore`); the cursor it
 * answers points after the last occurrence it looked at.
 *
 * @example
 * ```ts
 * const result = await pollEvents({ log, cursors }, { served, args, subject, cursor, maxAgeMs, maxEvents: 100, nextPollMs: 2000 });
 * ```
 */
export async function pollEvents(
  parts: { log: EventLog; cursors: EventCursors },
  request: {
    served: ServedEventType;
    args: Record<string, unknown>;
    subject: string;
    cursor: string | null;
    maxAgeMs: number | undefined;
    maxEvents: number;
    nextPollMs: number;
  },
): Promise<PollResult> {
  const { log, cursors } = parts;
  const { served, maxEvents, nextPollMs } = request;
  const name = served.type.name;
  const start = await startPosition(parts, name, request.cursor, request.maxAgeMs);
  const taken: LoggedEvent[] = [];
  let position = start.after;
  let truncated = start.truncated;
  let hasMore = false;
  let budget = maxEvents * POLL_SCAN_FACTOR;
  for (;;) {
    const read = await log.read(name, position, {
      limit: Math.min(budget, maxEvents),
      ...(start.notBeforeMs === undefined ? {} : { notBeforeMs: start.notBeforeMs }),
    });
    truncated ||= read.truncated;
    budget -= read.events.length;
    const stop = takeMatching(read.events, taken, maxEvents, request);
    position = stop?.position ?? read.next;
    hasMore = stop?.more === true || (read.more && (taken.length >= maxEvents || budget <= 0));
    if (stop !== undefined || !read.more || budget <= 0 || taken.length >= maxEvents) break;
  }
  return {
    events: taken.map(toOccurrence),
    cursor: cursors.mint({ name, epoch: log.epoch, position, inclusive: false }),
    truncated,
    hasMore,
    nextPollMs,
  };
}

/**
 * Appends the occurrences of `events` the subscription takes to `taken`, until it holds
 * `maxEvents`; then says where it stopped and whether more were left in `events`.
 */
function takeMatching(
  events: readonly LoggedEvent[],
  taken: LoggedEvent[],
  maxEvents: number,
  request: { served: ServedEventType; args: Record<string, unknown>; subject: string },
): { position: string; more: boolean } | undefined {
  for (const [index, event] of events.entries()) {
    if (!matchesSubscription(request.served.type, request.args, event, request.subject)) continue;
    taken.push(event);
    if (taken.length >= maxEvents) {
      return { position: event.position, more: index < events.length - 1 };
    }
  }
  return undefined;
}

/** An occurrence as the wire shows it: no position, no audience. */
export function toOccurrence(event: LoggedEvent): EventOccurrence {
  const { eventId, name, timestamp, data } = event;
  return { eventId, name, timestamp, data };
}
