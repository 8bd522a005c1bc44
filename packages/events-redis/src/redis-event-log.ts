import type { EventLog, EventLogBounds, EventLogRead, LoggedEvent } from '@apcore-mcp/core/bridge';
import type { Redis } from 'ioredis';
import { openLogEpoch } from './log-epoch.js';
import { APPEND_SCRIPT } from './log-scripts.js';
import type { RedisKeys } from './redis-keys.js';
import { fromStreamEntry, type StreamEntry, toStreamFields } from './stream-entry.js';
import { compareStreamIds } from './stream-ids.js';
import type { StreamTail } from './stream-tail.js';

type AppendCommand = Redis & {
  appendEvent(...args: (string | number)[]): Promise<[string, number]>;
};

/**
 * The event log in Redis Streams: one stream per type, positions are stream ids, shared by every
 * instance with the same prefix.
 *
 * @example
 * ```ts
 * const log = await openRedisEventLog({ commands, keys, tail });
 * await log.append(event, { retentionMs: 3_600_000, maxLength: 1000 });
 * ```
 */
export async function openRedisEventLog(parts: {
  commands: Redis;
  keys: RedisKeys;
  tail: StreamTail;
  close(): Promise<void>;
}): Promise<EventLog> {
  const { keys, tail } = parts;
  const commands = parts.commands as AppendCommand;
  if (typeof commands.appendEvent !== 'function') {
    commands.defineCommand('appendEvent', { numberOfKeys: 4, lua: APPEND_SCRIPT });
  }
  const epoch = await openLogEpoch(commands, keys.epoch);
  return {
    get epoch() {
      return epoch.current();
    },
    async append(event, bounds: EventLogBounds) {
      const [position, duplicate] = await commands.appendEvent(
        keys.log(event.name),
        keys.seen(event.name, event.eventId),
        keys.types,
        keys.trimmed,
        Math.max(1, Math.trunc(bounds.retentionMs)),
        Math.max(1, Math.trunc(bounds.maxLength)),
        event.name,
        ...toStreamFields(event),
      );
      return { position, duplicate: duplicate === 1 };
    },
    async head(name) {
      const [[newest]] = await Promise.all([
        commands.xrevrange(keys.log(name), '+', '-', 'COUNT', 1),
        epoch.sync(),
      ]);
      return newest?.[0] ?? '0';
    },
    async read(name, after, options) {
      const [read] = await Promise.all([
        readLog(commands, keys, name, after, options),
        epoch.sync(),
      ]);
      return read;
    },
    tail: (names, listener) => tail.follow(names, listener),
    close: () => parts.close(),
  };
}

async function readLog(
  commands: Redis,
  keys: RedisKeys,
  name: string,
  after: string,
  { limit, notBeforeMs }: { limit: number; notBeforeMs?: number },
): Promise<EventLogRead> {
  const floor = notBeforeMs === undefined ? undefined : `${Math.max(0, Math.trunc(notBeforeMs))}-0`;
  const fromFloor = floor !== undefined && compareStreamIds(floor, after) > 0;
  const start = fromFloor ? floor : `(${after === '0' ? '0-0' : after}`;
  const key = keys.log(name);
  const [entries, trimmed, skipped] = await Promise.all([
    commands.xrange(key, start, '+', 'COUNT', limit + 1) as Promise<StreamEntry[]>,
    commands.hget(keys.trimmed, name),
    fromFloor ? skippedBefore(commands, key, after, floor) : false,
  ]);
  const events: LoggedEvent[] = entries
    .slice(0, limit)
    .map((entry) => fromStreamEntry(name, entry));
  return {
    events,
    truncated: (trimmed !== null && compareStreamIds(after, trimmed) < 0) || skipped,
    next: events.at(-1)?.position ?? after,
    more: entries.length > limit,
  };
}

/** Whether an entry lies between `after` and the `notBeforeMs` floor a read starts from. */
async function skippedBefore(
  commands: Redis,
  key: string,
  after: string,
  floor: string,
): Promise<boolean> {
  const start = after === '0' ? '-' : `(${after}`;
  const found = await commands.xrevrange(key, `(${floor}`, start, 'COUNT', 1);
  return found.length > 0;
}
