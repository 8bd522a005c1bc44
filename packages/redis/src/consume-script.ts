/**
 * How much a float sum may pass a limit and still be within it: costs like 0.1 + 0.2 must not
 * refuse a budget of 0.3. The same number as the server's `LIMIT_TOLERANCE`, which its memory
 * store compares with, so both stores decide alike.
 *
 * @example
 * ```ts
 * const over = current + amount > limit + LIMIT_TOLERANCE;
 * ```
 */
export const LIMIT_TOLERANCE = 1e-9;

/**
 * The Lua script the Redis store runs for one call. Redis runs a script alone, so checking every
 * counter and then adding to every one is atomic across all the instances sharing the server:
 * nothing is added unless all counters stay within their limits. KEYS are the counters; ARGV
 * holds three values per counter: amount, limit, expiry (ms since the epoch, the window's end).
 * Returns `{0}` when admitted, else `{index, current}` (index from 1, current as a string since
 * Redis truncates Lua numbers to integers).
 *
 * @example
 * ```ts
 * await redis.eval(CONSUME_SCRIPT, 1, 'apcore-mcp:limits:{alice}:calls:minute:0', 1, 60, 60000);
 * ```
 */
export const CONSUME_SCRIPT = `
local tolerance = ${LIMIT_TOLERANCE}
for i = 1, #KEYS do
  local base = (i - 1) * 3
  local current = tonumber(redis.call('GET', KEYS[i]) or '0')
  if current + tonumber(ARGV[base + 1]) > tonumber(ARGV[base + 2]) + tolerance then
    return {i, tostring(current)}
  end
end
for i = 1, #KEYS do
  local base = (i - 1) * 3
  redis.call('INCRBYFLOAT', KEYS[i], ARGV[base + 1])
  redis.call('PEXPIREAT', KEYS[i], ARGV[base + 3])
end
return {0}
`;

/**
 * The first loop of {@link CONSUME_SCRIPT} alone: what consuming would decide, adding nothing
 * (a call's dry run). Same keys and arguments, same reply.
 *
 * @example
 * ```ts
 * await redis.eval(PEEK_SCRIPT, 1, 'apcore-mcp:limits:{alice}:calls:minute:0', 1, 60, 60000);
 * ```
 */
export const PEEK_SCRIPT = `
local tolerance = ${LIMIT_TOLERANCE}
for i = 1, #KEYS do
  local base = (i - 1) * 3
  local current = tonumber(redis.call('GET', KEYS[i]) or '0')
  if current + tonumber(ARGV[base + 1]) > tonumber(ARGV[base + 2]) + tolerance then
    return {i, tostring(current)}
  end
end
return {0}
`;
