/**
 * Writes a new task's record, expiring with the task's TTL. With a limit (`ARGV[5]` > 0), it
 * first forgets the expired entries of the index of live tasks, refuses when as many tasks as
 * the limit still live, and adds this one: Redis runs a script alone, so instances creating
 * tasks together never pass the limit.
 *
 * KEYS: the record, the index. ARGV: task id, record JSON, ttl (ms), now (ms), limit (0: none).
 * Returns 1 when written, 0 when refused.
 *
 * @example
 * ```ts
 * await redis.eval(CREATE_SCRIPT, 2, recordKey, indexKey, taskId, json, ttlMs, Date.now(), 0);
 * ```
 */
export const CREATE_SCRIPT = `
local limit = tonumber(ARGV[5])
if limit > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[4])
  if redis.call('ZCARD', KEYS[2]) >= limit then return 0 end
  redis.call('ZADD', KEYS[2], tonumber(ARGV[4]) + tonumber(ARGV[3]), ARGV[1])
end
redis.call('HSET', KEYS[1], 'revision', 1, 'record', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * Replaces a task's record if nobody changed it since it was read (its revision is still
 * `ARGV[1]`), keeping its expiry, and publishes the task on the change channel when its status
 * changed (a non-empty `ARGV[4]`): the write and the message happen together or not at all.
 *
 * KEYS: the record. ARGV: revision read, new record JSON, channel, message ('' for none).
 * Returns 1 when written, 0 when the record changed meanwhile, -1 when it is gone.
 *
 * @example
 * ```ts
 * await redis.eval(CHANGE_SCRIPT, 1, recordKey, '3', json, channel, '');
 * ```
 */
export const CHANGE_SCRIPT = `
local revision = redis.call('HGET', KEYS[1], 'revision')
if not revision then return -1 end
if revision ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'revision', tonumber(revision) + 1, 'record', ARGV[2])
if ARGV[4] ~= '' then redis.call('PUBLISH', ARGV[3], ARGV[4]) end
return 1
`;
