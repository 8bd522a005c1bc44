import { createHash } from 'node:crypto';
import { connectRedis } from './connect-redis.js';
import { CONSUME_SCRIPT, PEEK_SCRIPT } from './consume-script.js';
import type { LimitCounter, LimitDecision, RedisLimitStore } from './limit-store.js';
import type { RedisLimitStoreOptions } from './redis-limit-store-options.js';

const SCRIPTS = {
  consume: { text: CONSUME_SCRIPT, sha: createHash('sha1').update(CONSUME_SCRIPT).digest('hex') },
  peek: { text: PEEK_SCRIPT, sha: createHash('sha1').update(PEEK_SCRIPT).digest('hex') },
} as const;

/**
 * The part of a Redis client the limit store uses; an `ioredis` `Redis` is one.
 *
 * @example
 * ```ts
 * import { Redis } from 'ioredis';
 * const client: RedisScriptClient = new Redis('redis://127.0.0.1:6379');
 * ```
 */
export interface RedisScriptClient {
  evalsha(sha1: string, numkeys: number, ...args: (string | number)[]): Promise<unknown>;
  eval(script: string, numkeys: number, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * Counters in Redis, shared by every instance pointing at it: the store for several server
 * instances behind one endpoint. Each call runs one Lua script that checks every counter and
 * adds to all of them only if all pass, so instances never let more calls through together
 * than the limit. Counter keys expire when their window ends.
 *
 * Given a `redis://` or `rediss://` URL, the store connects with `ioredis` (loaded only then)
 * and closes the connection on `close()`. Given a client, it uses it and leaves closing it to
 * you. When Redis cannot answer, `consume` rejects and the server refuses the call
 * (`LIMIT_STORE_UNAVAILABLE`): limits fail closed.
 *
 * @throws {RangeError} for a URL that is not `redis://` or `rediss://`.
 * @example
 * ```ts
 * import { createRedisLimitStore } from '@apcore-mcp/redis';
 *
 * const store = await createRedisLimitStore('redis://127.0.0.1:6379');
 * await serve(registry, { transport: 'streamable-http', limits: { calls: '60/min' }, store });
 * ```
 */
export async function createRedisLimitStore(
  target: string | RedisScriptClient,
  options: RedisLimitStoreOptions = {},
): Promise<RedisLimitStore> {
  const keyPrefix = options.keyPrefix ?? 'apcore-mcp:limits:';
  if (typeof target !== 'string') return createScriptStore(target, keyPrefix, async () => {});
  const client = await connectRedis(target, options);
  // Closing twice (a failed start, then its caller) must not fail on the closed connection.
  let closing: Promise<void> | undefined;
  return createScriptStore(client, keyPrefix, () => {
    closing ??= client.quit().then(
      () => {},
      () => client.disconnect(),
    );
    return closing;
  });
}

function createScriptStore(
  client: RedisScriptClient,
  keyPrefix: string,
  close: () => Promise<void>,
): RedisLimitStore {
  return {
    consume: (counters: readonly LimitCounter[]) =>
      decide(client, SCRIPTS.consume, keyPrefix, counters),
    peek: (counters: readonly LimitCounter[]) => decide(client, SCRIPTS.peek, keyPrefix, counters),
    close,
  };
}

/** By its SHA (Redis keeps compiled scripts); the script itself when Redis does not know it. */
async function decide(
  client: RedisScriptClient,
  script: { text: string; sha: string },
  keyPrefix: string,
  counters: readonly LimitCounter[],
): Promise<LimitDecision> {
  const keys = counters.map((counter) => keyPrefix + counter.key);
  const args = counters.flatMap((counter) => [
    String(counter.amount),
    String(counter.limit),
    String(counter.expiresAt),
  ]);
  return toDecision(await runScript(client, script, [...keys, ...args], keys.length));
}

async function runScript(
  client: RedisScriptClient,
  script: { text: string; sha: string },
  keysAndArgs: string[],
  keyCount: number,
): Promise<unknown> {
  try {
    return await client.evalsha(script.sha, keyCount, ...keysAndArgs);
  } catch (error) {
    if (!String((error as Error | undefined)?.message).startsWith('NOSCRIPT')) throw error;
    return client.eval(script.text, keyCount, ...keysAndArgs);
  }
}

function toDecision(reply: unknown): LimitDecision {
  if (!Array.isArray(reply) || typeof reply[0] !== 'number') {
    throw new Error('Unexpected reply from the limit script');
  }
  if (reply[0] === 0) return { admitted: true };
  return { admitted: false, refused: reply[0] - 1, current: Number(reply[1]) };
}
