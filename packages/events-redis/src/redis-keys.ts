import { createHash } from 'node:crypto';

/**
 * The Redis keys of one backend, all under its prefix, so that two backends with different
 * prefixes share a Redis without meeting.
 *
 * @example
 * ```ts
 * const keys = redisKeys('apcore-mcp:events');
 * keys.log('stock.low'); // 'apcore-mcp:events:log:stock.low'
 * ```
 */
export function redisKeys(prefix: string) {
  return {
    prefix,
    /** The stream of one type's occurrences. */
    log: (name: string) => `${prefix}:log:${name}`,
    /** Marks an eventId stored in `name`'s log, for as long as the log keeps it. */
    seen: (name: string, eventId: string) => `${prefix}:seen:${name}:${eventId}`,
    /** The names of every type ever appended to (the fan-out reads their streams). */
    types: `${prefix}:types`,
    /** Type -> the newest id trimmed from its stream (a read from before it missed some). */
    trimmed: `${prefix}:trimmed`,
    /** The log's generation: a new one means its history was lost. */
    epoch: `${prefix}:epoch`,
    subscription: (id: string) => `${prefix}:sub:${id}`,
    subscriptionsOf: (name: string) => `${prefix}:subs:${name}`,
    /** Sorted set of a subject's subscription ids, scored by expiry (its caps). */
    subject: (principal: string) => `${prefix}:subject:${principal}`,
    /** A subject's subscription ids and their callback URLs (its endpoint cap). */
    subjectUrls: (principal: string) => `${prefix}:subject-urls:${principal}`,
    /** Every subscription id, scored by expiry (the total cap). */
    allSubscriptions: `${prefix}:subs-all`,
    verified: (principal: string, url: string) =>
      `${prefix}:verified:${createHash('sha256').update(`${principal}\n${url}`).digest('hex')}`,
    pending: (id: string) => `${prefix}:pending:${id}`,
    settled: (id: string) => `${prefix}:settled:${id}`,
    deadLetters: `${prefix}:dead`,
  };
}

/** The keys of one backend (see {@link redisKeys}). */
export type RedisKeys = ReturnType<typeof redisKeys>;
