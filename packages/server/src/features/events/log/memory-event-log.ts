import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { EventLog, EventLogBounds, EventLogRead, LoggedEvent } from '@apcore-mcp/core/bridge';

interface Kept {
  event: LoggedEvent;
  seq: number;
  appendedAt: number;
}

interface TypeLog {
  ring: Kept[];
  /** The newest sequence dropped (by length or age): a read after an older one is truncated. */
  droppedUpTo: number;
  /** eventId -> when and where it was stored, for the dedup window. */
  seen: Map<string, { at: number; position: string }>;
}

/**
 * The default event log: a bounded ring per type in this process's memory. Positions are
 * increasing integers (as strings), shared by all types; the epoch is random per log, so a
 * restart turns old cursors into a gap, as the SEP expects of emit-only types.
 *
 * @example
 * ```ts
 * const log = createMemoryEventLog();
 * await log.append(event, { retentionMs: 3_600_000, maxLength: 1000 });
 * ```
 */
export function createMemoryEventLog(): EventLog {
  const logs = new Map<string, TypeLog>();
  const tails = new EventEmitter();
  tails.setMaxListeners(0);
  let seq = 0;
  const logOf = (name: string): TypeLog => {
    let log = logs.get(name);
    if (log === undefined) {
      log = { ring: [], droppedUpTo: 0, seen: new Map() };
      logs.set(name, log);
    }
    return log;
  };
  return {
    epoch: randomBytes(8).toString('base64url'),
    async append(event, bounds) {
      const log = logOf(event.name);
      const now = Date.now();
      trim(log, bounds, now);
      const seen = log.seen.get(event.eventId);
      if (seen !== undefined) return { position: seen.position, duplicate: true };
      seq += 1;
      const stored: LoggedEvent = { ...event, position: String(seq) };
      log.ring.push({ event: stored, seq, appendedAt: now });
      log.seen.set(event.eventId, { at: now, position: stored.position });
      trim(log, bounds, now);
      tails.emit('event', stored);
      return { position: stored.position, duplicate: false };
    },
    head: async (name) => String(logs.get(name)?.ring.at(-1)?.seq ?? 0),
    read: async (name, after, options) => readAfter(logs.get(name), after, options),
    tail(names, listener) {
      const hear = (event: LoggedEvent): void => {
        if (names.includes(event.name)) listener(event);
      };
      tails.on('event', hear);
      return () => {
        tails.off('event', hear);
      };
    },
    close: async () => {
      tails.removeAllListeners();
      logs.clear();
    },
  };
}

/** Drops what is over the length or older than the retention, and forgets expired eventIds. */
function trim(log: TypeLog, bounds: EventLogBounds, now: number): void {
  const oldest = now - bounds.retentionMs;
  while (
    log.ring.length > 0 &&
    (log.ring.length > bounds.maxLength || (log.ring[0]?.appendedAt ?? now) < oldest)
  ) {
    const dropped = log.ring.shift();
    if (dropped !== undefined) log.droppedUpTo = dropped.seq;
  }
  for (const [eventId, { at }] of log.seen) {
    // Map order is insertion order: the first one still in the window ends the sweep.
    if (at >= oldest) break;
    log.seen.delete(eventId);
  }
}

function readAfter(
  log: TypeLog | undefined,
  after: string,
  options: { limit: number; notBeforeMs?: number },
): EventLogRead {
  const from = Number(after);
  if (log === undefined) return { events: [], truncated: false, next: after, more: false };
  const floor = options.notBeforeMs ?? 0;
  const later = log.ring.filter((kept) => kept.seq > from);
  const fresh = later.filter((kept) => kept.appendedAt >= floor);
  const events = fresh.slice(0, options.limit).map((kept) => kept.event);
  return {
    events,
    truncated: from < log.droppedUpTo || fresh.length < later.length,
    next:
      events.at(-1)?.position ?? (fresh.length < later.length ? String(later.at(-1)?.seq) : after),
    more: fresh.length > options.limit,
  };
}
