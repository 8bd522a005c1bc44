// The Lua of the log: an append is one script, so that the eventId check, the write and the
// trimming happen together on every instance sharing the log.

/**
 * The consumer group every log stream carries: the instances' webhook fan-out reads through it,
 * so each occurrence is fanned out once across them.
 *
 * @example
 * ```ts
 * await redis.xreadgroup('GROUP', FAN_OUT_GROUP, consumer, 'STREAMS', key, '>');
 * ```
 */
export const FAN_OUT_GROUP = 'webhooks';

/**
 * KEYS: stream, seen marker, types set, trimmed hash. ARGV: retention ms, max length, name, then
 * field/value pairs. Returns `{ position, duplicate }` as `[id, 0|1]`. The stream is created with
 * its fan-out group from its first entry, so no occurrence is missed by a group created later.
 * Trimming is exact and remembers the newest id it dropped: Redis 7.0 records no
 * `max-deleted-entry-id` for trimmed entries, and a read must tell a gap from a cursor whose own
 * entry merely aged out.
 */
export const APPEND_SCRIPT = `
local seen = redis.call('GET', KEYS[2])
if seen then return {seen, 1} end
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('XGROUP', 'CREATE', KEYS[1], '${FAN_OUT_GROUP}', '0', 'MKSTREAM')
end
local fields = {}
for index = 4, #ARGV do fields[#fields + 1] = ARGV[index] end
local id = redis.call('XADD', KEYS[1], '*', unpack(fields))
local dropped = false
local over = redis.call('XLEN', KEYS[1]) - tonumber(ARGV[2])
if over > 0 then
  local oldest = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', over)
  dropped = oldest[#oldest][1]
  redis.call('XTRIM', KEYS[1], 'MAXLEN', ARGV[2])
end
local now = redis.call('TIME')
local floor = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) - tonumber(ARGV[1])
if floor > 0 then
  local minid = string.format('%d-0', floor)
  local aged = redis.call('XREVRANGE', KEYS[1], '(' .. minid, '-', 'COUNT', 1)
  if #aged > 0 then
    dropped = aged[1][1]
    redis.call('XTRIM', KEYS[1], 'MINID', minid)
  end
end
if dropped then redis.call('HSET', KEYS[4], ARGV[3], dropped) end
redis.call('SET', KEYS[2], id, 'PX', ARGV[1])
redis.call('SADD', KEYS[3], ARGV[3])
return {id, 0}
`;
