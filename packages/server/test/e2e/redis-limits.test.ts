import { createRedisLimitStore } from '@apcore-mcp/redis';
import {
  createRecordingLogger,
  redisSkipReason,
  startRedisServer,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLimitStore, type LimitStore } from '../../src/governance.js';
import { startServer } from '../../src/index.js';
import { createLimitedRegistry } from '../fixtures/limited-registry.js';
import { connectAs, SUBJECT_HEADER } from '../helpers/subject-clients.js';

const skip = redisSkipReason();
const HOUR = 3_600_000;

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

  // The Redis store's own behaviour is tested in @apcore-mcp/redis; here, what the server
  // makes of it.
  it('decides a fractional budget as the memory store does', async () => {
    const redisStore = await createRedisLimitStore(redis.url);
    opened.push(redisStore);
    const stores: LimitStore[] = [createMemoryLimitStore(), redisStore];
    for (const store of stores) {
      const spend = { key: 'spend', amount: 0.1, limit: 0.3, expiresAt: Date.now() + HOUR };
      const decisions: boolean[] = [];
      for (const amount of [0.1, 0.2, 0.1]) {
        decisions.push((await store.consume([{ ...spend, amount }], Date.now())).admitted);
      }
      expect(decisions).toEqual([true, true, false]);
    }
  });

  it('lets two servers sharing one Redis admit exactly the limit together', async () => {
    const servers = await Promise.all([startSharing(), startSharing()]);
    const clients = await Promise.all(
      servers.flatMap(({ url }) => [
        connectAs(url, 'alice', '2025-11-25'),
        connectAs(url, 'alice', '2026-07-28'),
      ]),
    );
    opened.push(...clients);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) => clients[index % 4]?.call('notes-read')),
    );
    const admitted = results.filter((result) => result?.isError !== true).length;
    expect(admitted).toBe(25);
    const ran = servers.reduce((sum, { runs }) => sum + runs['notes.read'], 0);
    expect(ran).toBe(25);
  });

  async function startSharing() {
    const { registry, runs } = createLimitedRegistry();
    const server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      authenticate: (request) => ({ id: String(request.headers[SUBJECT_HEADER]) }),
      // Its own connection: what two processes would have.
      // A daily window: the calls never straddle its end the way they could a minute's (and a
      // fixed clock would not do: Redis forgets a counter at its window's end, in real time).
      limits: { calls: '25/day' },
      store: await createRedisLimitStore(redis.url),
    });
    opened.push(server);
    return { url: server.url ?? '', runs };
  }

  it('holds each role to its own monthly budget and cost cap on a shared Redis', async () => {
    const { registry, runs } = createLimitedRegistry();
    const server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      // The subject header names the role too: `analyst-1` is an analyst.
      authenticate: (request) => {
        const id = String(request.headers[SUBJECT_HEADER]);
        return { id, roles: [id.split('-')[0] ?? ''] };
      },
      limits: {
        budget: '8/month',
        maxCostPerCall: 3,
        overrides: [{ role: 'analyst', maxCostPerCall: 5 }],
      },
      store: await createRedisLimitStore(redis.url),
    });
    opened.push(server);
    const guest = await connectAs(server.url ?? '', 'guest-1', '2026-07-28');
    const analyst = await connectAs(server.url ?? '', 'analyst-1', '2025-11-25');
    opened.push(guest, analyst);
    const capped = await guest.call('reports-build');
    expect(capped).toMatchObject({
      isError: true,
      _meta: { 'apcore/errorCode': 'BUDGET_EXCEEDED' },
    });
    expect(capped.content[0]?.text).toContain('more than the 3 one call may cost');
    const spent = [await analyst.call('reports-build'), await analyst.call('reports-build')];
    expect(spent.map((result) => result.isError === true)).toEqual([false, false]);
    const over = await analyst.call('reports-build');
    expect(over.content[0]?.text).toContain('Budget of 8 per month reached');
    expect(runs['reports.build']).toBe(2);
    const keys = await inspector.keys('*budget:month*');
    expect(keys).toHaveLength(1);
  });

  it('closes its connection when the server shuts down', async () => {
    const before = await countClients();
    const { url } = await startSharing();
    const client = await connectAs(url, 'alice', '2025-11-25');
    await client.call('notes-read');
    expect(await countClients()).toBe(before + 1);
    await client.close();
    for (const handle of opened.splice(0).reverse()) await handle.close();
    expect(await countClients()).toBe(before);
  });

  async function countClients(): Promise<number> {
    const list = (await inspector.client('LIST')) as string;
    return list.trim().split('\n').length;
  }
});

describe.skipIf(skip !== undefined)(`Redis gone${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('refuses calls with LIMIT_STORE_UNAVAILABLE and a WARN, and keeps serving', async () => {
    const redis = await startRedisServer();
    const logger = createRecordingLogger();
    const { registry, runs } = createLimitedRegistry();
    const server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger,
      authenticate: () => ({ id: 'alice' }),
      limits: { calls: '25/min' },
      store: await createRedisLimitStore(redis.url, { timeoutMs: 300, logger }),
    });
    try {
      const client = await connectAs(server.url ?? '', 'alice', '2025-11-25');
      expect((await client.call('notes-read')).isError).not.toBe(true);
      await redis.stop();
      for (let call = 0; call < 2; call++) {
        expect(await client.call('notes-read')).toMatchObject({
          isError: true,
          content: [{ text: 'Limit store unavailable; the call was not run, retry later' }],
          _meta: { 'apcore/errorCode': 'LIMIT_STORE_UNAVAILABLE' },
        });
      }
      expect(runs['notes.read']).toBe(1);
      expect(logger.messages('warn')).toContain('Limit store unavailable; refusing calls');
      expect(await client.listTools()).toHaveLength(3);
      await client.close();
    } finally {
      await server.close();
      await redis.stop();
    }
  });
});
