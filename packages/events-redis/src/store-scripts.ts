// The Lua of the webhook store: what must be checked and written together (the caps with the
// write, an owner check with the removal, a status with the pending positions).

/**
 * KEYS: subscription hash, the type's id set, the subject's expiry zset, the subject's id->url
 * hash, the all-ids expiry zset. ARGV: id, JSON, url, refreshBefore, now, per-subject cap,
 * endpoint cap, total cap, principal. Returns 1 created, 0 refreshed, -1 over the subject's
 * subscription cap, -2 over the endpoint cap, -3 over the total cap.
 */
export const UPSERT_SCRIPT = `
local id, url, expires, now = ARGV[1], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now)
local exists = redis.call('ZSCORE', KEYS[3], id) ~= false and redis.call('EXISTS', KEYS[1]) == 1
if not exists then
  if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[6]) then return -1 end
  if redis.call('ZCARD', KEYS[5]) >= tonumber(ARGV[8]) then return -3 end
  local urls, known = {}, false
  local entries = redis.call('HGETALL', KEYS[4])
  for index = 1, #entries, 2 do
    if redis.call('ZSCORE', KEYS[3], entries[index]) then
      urls[entries[index + 1]] = true
      if entries[index + 1] == url then known = true end
    else
      redis.call('HDEL', KEYS[4], entries[index])
    end
  end
  local count = 0
  for _ in next, urls do count = count + 1 end
  if not known and count >= tonumber(ARGV[7]) then return -2 end
end
redis.call('HSET', KEYS[1], 'json', ARGV[2], 'principal', ARGV[9])
redis.call('PEXPIREAT', KEYS[1], expires)
redis.call('SADD', KEYS[2], id)
redis.call('ZADD', KEYS[3], expires, id)
redis.call('ZADD', KEYS[5], expires, id)
redis.call('HSET', KEYS[4], id, url)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now)
if exists then return 0 end
return 1
`;

/**
 * KEYS: subscription hash, the type's id set, subject zset, subject urls, all-ids zset, pending,
 * settled. ARGV: principal, id. Returns 1 when removed, 0 when it is not the principal's.
 */
export const REMOVE_SCRIPT = `
if redis.call('HGET', KEYS[1], 'principal') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[6], KEYS[7])
redis.call('SREM', KEYS[2], ARGV[2])
redis.call('ZREM', KEYS[3], ARGV[2])
redis.call('HDEL', KEYS[4], ARGV[2])
redis.call('ZREM', KEYS[5], ARGV[2])
return 1
`;

/**
 * KEYS: subscription hash, pending zset, settled marker. ARGV: padded position, ok (1|0), at,
 * category, keep ms. The status is written only while the subscription exists (never recreates
 * an expired one); the position leaves the pending set and the settled marker only moves on.
 */
export const RECORD_SCRIPT = `
redis.call('ZREM', KEYS[2], ARGV[1])
local settled = redis.call('GET', KEYS[3])
if not settled or settled < ARGV[1] then
  redis.call('SET', KEYS[3], ARGV[1], 'PX', ARGV[5])
end
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if ARGV[2] == '1' then
  redis.call('HSET', KEYS[1], 'lastDeliveryAt', ARGV[3])
  redis.call('HDEL', KEYS[1], 'failedSince')
else
  redis.call('HSET', KEYS[1], 'lastError', ARGV[4])
  redis.call('HSETNX', KEYS[1], 'failedSince', ARGV[3])
end
return 1
`;
