import { tmpdir } from 'node:os';
import {
  createRecordingLogger,
  redisSkipReason,
  spawnTracked,
  startRedisServer,
  stopTracked,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisLimitStore, type RedisLimitStore } from '../../src/index.js';

const skip = redisSkipReason();
const HOUR = 3_600_000;
const OUTAGE_WARNING = 'Limit store unavailable: tool calls are refused until it is back';

describe.skipIf(skip !== undefined)(`Redis limit store${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let redis: TestRedisServer;
  let inspector: Redis;
  const opened: Array<{ close(): Promise<unknown> }> = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    inspector = new Redis(redis.url);
  });
  afterEach(async () => {
    for (const handle of opened.splice(0).reverse()) await handle.close();
    await inspector.flushall();
  });
  afterAll(async () => {
    await inspector.quit();
    await redis.stop();
  });

  async function openStore(options: { keyPrefix?: string } = {}): Promise<RedisLimitStore> {
    const store = await createRedisLimitStore(redis.url, options);
    opened.push(store);
    return store;
  }

  it('checks every counter and adds to all of them only when all pass', async () => {
    const store = await openStore();
    const expiresAt = Date.now() + HOUR;
    const calls = { key: '{alice}:calls:minute:0', amount: 1, limit: 2, expiresAt };
    const budget = { key: '{alice}:budget:day:0', amount: 4, limit: 10, expiresAt };
    expect(await store.consume([calls, budget], Date.now())).toEqual({ admitted: true });
    expect(await store.consume([calls, budget], Date.now())).toEqual({ admitted: true });
    expect(await store.consume([calls, budget], Date.now())).toEqual({
      admitted: false,
      refused: 0,
      current: 2,
    });
    // The refused call added nothing to the budget either.
    expect(await inspector.get('apcore-mcp:limits:{alice}:budget:day:0')).toBe('8');
    expect(await store.consume([{ ...budget, amount: 2.5 }], Date.now())).toEqual({
      admitted: false,
      refused: 0,
      current: 8,
    });
    expect(await store.consume([{ ...budget, amount: 1.5 }], Date.now())).toEqual({
      admitted: true,
    });
  });

  it('adds fractions within a small tolerance', async () => {
    const store = await openStore();
    const spend = { key: 'spend', amount: 0.1, limit: 0.3, expiresAt: Date.now() + HOUR };
    expect((await store.consume([spend], Date.now())).admitted).toBe(true);
    expect((await store.consume([{ ...spend, amount: 0.2 }], Date.now())).admitted).toBe(true);
    expect(await store.consume([spend], Date.now())).toMatchObject({ admitted: false });
  });

  it('sets every key to expire when its window ends', async () => {
    const store = await openStore({ keyPrefix: 'shop:' });
    const expiresAt = Date.now() + HOUR;
    await store.consume([{ key: 'k', amount: 1, limit: 5, expiresAt }], Date.now());
    expect(await inspector.pexpiretime('shop:k')).toBe(expiresAt);
  });

  it('loads its script again after Redis forgot it (SCRIPT FLUSH)', async () => {
    const store = await openStore();
    const counter = { key: 'k', amount: 1, limit: 5, expiresAt: Date.now() + HOUR };
    await store.consume([counter], Date.now());
    await inspector.script('FLUSH');
    expect(await store.consume([counter], Date.now())).toEqual({ admitted: true });
    expect(await inspector.get('apcore-mcp:limits:k')).toBe('2');
  });

  it('uses a given client and leaves it open on close()', async () => {
    const client = new Redis(redis.url);
    opened.push({ close: () => client.quit() });
    const store = await createRedisLimitStore(client);
    const counter = { key: 'k', amount: 1, limit: 1, expiresAt: Date.now() + HOUR };
    expect(await store.consume([counter], Date.now())).toEqual({ admitted: true });
    await store.close();
    expect(await client.ping()).toBe('PONG');
  });

  it('can be closed twice', async () => {
    const store = await createRedisLimitStore(redis.url);
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});

describe.skipIf(skip !== undefined)(`Redis gone${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('rejects calls, warns once per outage, and says when Redis is back', async () => {
    const first = await startRedisServer();
    const logger = createRecordingLogger();
    // Long enough for the first script load on a machine busy with the whole suite; an outage
    // still rejects within it.
    const store = await createRedisLimitStore(first.url, { timeoutMs: 2000, logger });
    const counter = { key: 'k', amount: 1, limit: 100, expiresAt: Date.now() + HOUR };
    let again: ReturnType<typeof spawnTracked> | undefined;
    try {
      expect(await store.consume([counter], Date.now())).toEqual({ admitted: true });
      await first.stop();
      await expect(store.consume([counter], Date.now())).rejects.toThrow();
      await vi.waitFor(() => expect(logger.messages('warn')).toEqual([OUTAGE_WARNING]));
      // Every failed reconnection is an error of the client; the outage is still one warning.
      await expect(store.consume([counter], Date.now())).rejects.toThrow();
      expect(logger.messages('warn')).toEqual([OUTAGE_WARNING]);

      // The same port again, as a restarted Redis would be.
      again = spawnTracked('redis-server', restartArgs(first.port), { stdio: 'ignore' });
      await vi.waitFor(() => store.consume([counter], Date.now()), { timeout: 30_000 });
      expect(logger.messages('info')).toEqual(['Limit store reachable again']);
      expect(logger.messages('warn')).toEqual([OUTAGE_WARNING]);
    } finally {
      await store.close();
      if (again !== undefined) await stopTracked(again);
      await first.stop();
    }
  });
});

function restartArgs(port: number): string[] {
  const persistence = ['--save', '', '--appendonly', 'no', '--dir', tmpdir()];
  return ['--port', String(port), '--bind', '127.0.0.1', ...persistence];
}
