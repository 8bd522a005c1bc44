// The log of an event backend: where occurrences are kept, per type. Positions are opaque
// strings a backend orders itself; the server never compares them.

/**
 * One stored occurrence of an event type.
 *
 * @example
 * ```ts
 * const event: LoggedEvent = { position: '7', eventId: 'evt_1', name: 'stock.low', timestamp, data };
 * ```
 */
export interface LoggedEvent {
  /** Where it sits in its type's log (a backend's own, ordered). */
  position: string;
  eventId: string;
  name: string;
  /** ISO 8601. */
  timestamp: string;
  data: Record<string, unknown>;
  /** The one subject that may see it (a task's owner); absent: every subject the ACL lets. */
  audience?: string;
}

/**
 * How long and how many occurrences a log keeps of each type.
 *
 * @example
 * ```ts
 * await log.append(event, { retentionMs: 3_600_000, maxLength: 1000 });
 * ```
 */
export interface EventLogBounds {
  retentionMs: number;
  maxLength: number;
}

/**
 * What one read of a type's log gives.
 *
 * @example
 * ```ts
 * const { events, next, more, truncated }: EventLogRead = await log.read('stock.low', after, { limit: 100 });
 * ```
 */
export interface EventLogRead {
  /** Oldest first, at most `limit`. */
  events: LoggedEvent[];
  /** Occurrences after `after` (or before `notBeforeMs`) were dropped before this read. */
  truncated: boolean;
  /** The position to read after next time (`after` when nothing was read). */
  next: string;
  /** More occurrences follow `next` right now. */
  more: boolean;
}

/**
 * A log per event type: bounded, deduplicated by `eventId` within its retention, read after a
 * position and tailed live (by every instance, when the log is shared).
 *
 * @example
 * ```ts
 * const { position, duplicate } = await log.append(event, bounds);
 * const stop = log.tail(['stock.low'], (event) => console.log(event.eventId));
 * ```
 */
export interface EventLog {
  /** Changes when the log's history is lost (a restart of a memory log, a flushed Redis). */
  readonly epoch: string;
  /** Stores an occurrence; `duplicate`: its `eventId` was stored within retention (not stored again). */
  append(
    event: Omit<LoggedEvent, 'position'>,
    bounds: EventLogBounds,
  ): Promise<{ position: string; duplicate: boolean }>;
  /** The newest position of `name`'s log; `'0'` when it has none. */
  head(name: string): Promise<string>;
  /** The occurrences after `after` (`'0'`: from the oldest kept), at most `limit`. */
  read(
    name: string,
    after: string,
    options: { limit: number; notBeforeMs?: number },
  ): Promise<EventLogRead>;
  /** Calls `listener` for each occurrence of `names` appended from now on; returns the stop. */
  tail(names: readonly string[], listener: (event: LoggedEvent) => void): () => void;
  close(): Promise<void>;
}
