/**
 * Writes a new task's record, expiring with the task's TTL, if its owner and all owners together
 * stay within their bounds of live tasks. Each bound is a sorted set of live task ids scored by
 * when they expire: the script first drops the expired entries, refuses when the set is full,
 * else adds the task to both. Redis runs a script alone, so instances creating tasks together
 * never pass a bound. The owner's set expires with its newest task, so an idle owner leaves
 * nothing behind.
 *
 * KEYS: the record, the live tasks of all owners, those of the task's owner. ARGV: task id,
 * record JSON, ttl (ms), now (ms), maxTasks, maxTasksPerSubject.
 * Returns `{0}` when written; `{1, oldest}` when refused by maxTasks, `{2, oldest}` by
 * maxTasksPerSubject, `oldest` being when the oldest live task of that bound expires (ms).
 *
 * @example
 * ```ts
 * await redis.eval(CREATE_SCRIPT, 3, recordKey, liveKey, ownerLiveKey, taskId, json, ttlMs, Date.now(), 1000, 100);
 * ```
 */
export const CREATE_SCRIPT = `
local now = tonumber(ARGV[4])
local ttl = tonumber(ARGV[3])
local bounds = { { KEYS[3], tonumber(ARGV[6]), 2 }, { KEYS[2], tonumber(ARGV[5]), 1 } }
for _, bound in ipairs(bounds) do
  redis.call('ZREMRANGEBYSCORE', bound[1], '-inf', now)
  if redis.call('ZCARD', bound[1]) >= bound[2] then
    return { bound[3], redis.call('ZRANGE', bound[1], 0, 0, 'WITHSCORES')[2] }
  end
end
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
redis.call('ZADD', KEYS[3], now + ttl, ARGV[1])
if redis.call('PTTL', KEYS[3]) < ttl then redis.call('PEXPIRE', KEYS[3], ttl) end
redis.call('HSET', KEYS[1], 'revision', 1, 'record', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ttl)
return { 0 }
`;

/**
 * Replaces a task's record if nobody changed it since it was read (its revision is still
 * `ARGV[1]`), keeping its expiry, and publishes the task on the change channel when its status
 * changed (a non-empty `ARGV[4]`): the write and the message happen together or not at all.
 * When the change releases the task (a non-empty `ARGV[5]`, its id), the same script takes it
 * out of both sets of live tasks and into the set of released ones (scored by expiry); beyond
 * `ARGV[8]` released tasks, the oldest records are deleted at once (their keys are built from
 * `ARGV[9]` inside the script: like the engine's other multi-key scripts, it needs one Redis,
 * not a Cluster).
 *
 * KEYS: the record, the live tasks of all owners, those of the task's owner, the released tasks.
 * ARGV: revision read, new record JSON, channel, message ('' for none), task id to release ('' for
 * none), when the task expires (ms), now (ms), most released tasks kept, record key prefix.
 * Returns 1 when written, 0 when the record changed meanwhile, -1 when it is gone.
 *
 * @example
 * ```ts
 * await redis.eval(CHANGE_SCRIPT, 4, recordKey, liveKey, ownerLiveKey, releasedKey, '3', json, channel, '', '', 0, Date.now(), 1000, 'apcore-mcp:tasks:task:');
 * ```
 */
export const CHANGE_SCRIPT = `
local revision = redis.call('HGET', KEYS[1], 'revision')
if not revision then return -1 end
if revision ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'revision', tonumber(revision) + 1, 'record', ARGV[2])
if ARGV[4] ~= '' then redis.call('PUBLISH', ARGV[3], ARGV[4]) end
if ARGV[5] ~= '' then
  redis.call('ZREM', KEYS[2], ARGV[5])
  redis.call('ZREM', KEYS[3], ARGV[5])
  redis.call('ZADD', KEYS[4], ARGV[6], ARGV[5])
  redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', ARGV[7])
  local excess = redis.call('ZCARD', KEYS[4]) - tonumber(ARGV[8])
  if excess > 0 then
    local stale = redis.call('ZPOPMIN', KEYS[4], excess)
    for i = 1, #stale, 2 do redis.call('DEL', ARGV[9] .. stale[i]) end
  end
end
return 1
`;
