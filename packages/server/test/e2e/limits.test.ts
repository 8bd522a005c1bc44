import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { ForeignExecutor, ForeignRegistry } from '../../src/__fixtures__/foreign-runtime.js';
import {
  createMemoryLimitStore,
  type LedgerRecord,
  type LimitStore,
} from '../../src/governance.js';
import {
  createMcpHandler,
  type ServeOptions,
  type ServerHandle,
  startServer,
} from '../../src/index.js';
import type { LimitsOptions } from '../../src/options.js';
import { createLimitedRegistry } from '../fixtures/limited-registry.js';
import {
  authenticateBySubjectHeader,
  connectAs,
  ERAS,
  type SubjectClient,
} from '../helpers/subject-clients.js';

const NOON = Date.UTC(2026, 10, 24, 12, 0, 0);
const opened: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const handle of opened.splice(0).reverse()) await handle.close();
});

/** A server whose subjects come from a header, limited as told, on a clock the test moves. */
async function startLimited(limits: LimitsOptions, options: ServeOptions = {}) {
  const { registry, runs } = createLimitedRegistry();
  const clock = { now: NOON };
  const server: ServerHandle = await startServer(registry, {
    transport: 'streamable-http',
    port: 0,
    logger: createRecordingLogger(),
    authenticate: authenticateBySubjectHeader,
    limits: { now: () => clock.now, ...limits },
    ...options,
  });
  opened.push(server);
  return { url: server.url ?? '', runs, clock };
}

async function open(client: Promise<SubjectClient>): Promise<SubjectClient> {
  const connected = await client;
  opened.push(connected);
  return connected;
}

describe.each(ERAS)('limits over Streamable HTTP, %s client', (era) => {
  it('refuses the 61st call in a minute with retryAfterSeconds; the next minute passes', async () => {
    const { url, runs, clock } = await startLimited({ calls: '60/min,1000/day' });
    const alice = await open(connectAs(url, 'alice', era));
    clock.now = NOON + 48_000;
    for (let call = 0; call < 60; call++) {
      expect((await alice.call('notes-read')).isError).not.toBe(true);
    }
    const refused = await alice.call('notes-read');
    expect(refused).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Rate limit of 60 calls per minute reached; retry in 12 s' }],
      _meta: { 'apcore/errorCode': 'RATE_LIMITED', retryAfterSeconds: 12 },
    });
    expect(runs['notes.read']).toBe(60);
    clock.now = NOON + 60_000;
    expect(await alice.call('notes-read')).toMatchObject({ content: [{ text: '{"ran":61}' }] });
  });

  it('gives two subjects separate limits', async () => {
    const { url, runs } = await startLimited({ calls: '2/min' });
    const alice = await open(connectAs(url, 'alice', era));
    const bob = await open(connectAs(url, 'bob', era));
    const outcomes = [];
    for (const client of [alice, alice, alice, bob, bob, bob]) {
      outcomes.push((await client.call('notes-read')).isError === true);
    }
    expect(outcomes).toEqual([false, false, true, false, false, true]);
    expect(runs['notes.read']).toBe(4);
  });

  it('refuses a call over budget, and its module never runs', async () => {
    const { url, runs } = await startLimited({ budget: '10/day' });
    const alice = await open(connectAs(url, 'alice', era));
    expect((await alice.call('reports-build')).isError).not.toBe(true);
    expect((await alice.call('reports-build')).isError).not.toBe(true);
    expect(await alice.call('reports-build')).toMatchObject({
      isError: true,
      content: [
        {
          text: 'Budget of 10 per day reached: this call costs 4 and 8 is spent; retry in 43200 s',
        },
      ],
      _meta: { 'apcore/errorCode': 'BUDGET_EXCEEDED', retryAfterSeconds: 43_200 },
    });
    expect(runs['reports.build']).toBe(2);
    // Free modules cost nothing: the spent budget does not hold them back.
    expect((await alice.call('notes-read')).isError).not.toBe(true);
  });

  it('holds destructive tools to their lower limit, on top of the general one', async () => {
    const { url, runs } = await startLimited({ calls: '5/min', destructiveCalls: '1/min' });
    const alice = await open(connectAs(url, 'alice', era));
    expect((await alice.call('notes-delete')).isError).not.toBe(true);
    expect(await alice.call('notes-delete')).toMatchObject({
      content: [{ text: 'Rate limit of 1 destructive calls per minute reached; retry in 60 s' }],
      _meta: { 'apcore/errorCode': 'RATE_LIMITED', retryAfterSeconds: 60 },
    });
    expect(runs['notes.delete']).toBe(1);
    let reads = 0;
    for (let call = 0; call < 6; call++) {
      if ((await alice.call('notes-read')).isError !== true) reads++;
    }
    expect(reads).toBe(4);
  });
});

describe('limits with the ledger', () => {
  it('records the calls limits refuse, at no cost', async () => {
    const records: LedgerRecord[] = [];
    const { url } = await startLimited(
      { budget: '4/day' },
      {
        ledger: { append: (record) => void records.push(record), close: async () => {} },
      },
    );
    const alice = await open(connectAs(url, 'alice', '2025-11-25'));
    await alice.call('reports-build');
    await alice.call('reports-build');
    expect(records).toMatchObject([
      { subject: 'alice', moduleId: 'reports.build', outcome: 'ok', cost: 4 },
      { subject: 'alice', moduleId: 'reports.build', outcome: 'BUDGET_EXCEEDED', cost: 0 },
    ]);
  });
});

describe('limits under concurrency', () => {
  it('lets exactly the limit through when one subject makes 50 calls at once', async () => {
    const { url, runs } = await startLimited({ calls: '20/min' });
    const clients = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        open(connectAs(url, 'alice', ERAS[index % 2] ?? '2025-11-25')),
      ),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => clients[index % 5]?.call('notes-read')),
    );
    const refused = results.filter((result) => result?.isError === true);
    expect(results.length - refused.length).toBe(20);
    expect(runs['notes.read']).toBe(20);
    for (const result of refused) {
      expect(result?._meta?.['apcore/errorCode']).toBe('RATE_LIMITED');
    }
  });

  it('counts only tools/call: listing tools spends nothing', async () => {
    const { url } = await startLimited({ calls: '1/min' });
    const alice = await open(connectAs(url, 'alice', '2025-11-25'));
    for (let list = 0; list < 3; list++) expect(await alice.listTools()).toHaveLength(3);
    expect((await alice.call('notes-read')).isError).not.toBe(true);
    expect((await alice.call('notes-read')).isError).toBe(true);
    expect(await alice.listTools()).toHaveLength(3);
  });
});

describe('the limit store and the server lifecycle', () => {
  /** A memory store that records when it is closed. */
  function createClosingStore(): LimitStore & { closed: number } {
    const memory = createMemoryLimitStore();
    const store = {
      closed: 0,
      consume: memory.consume,
      close: async () => {
        store.closed++;
        await memory.close();
      },
    };
    return store;
  }

  it('closes the store when the server shuts down', async () => {
    const store = createClosingStore();
    const { registry } = createLimitedRegistry();
    const server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      limits: { calls: '5/min' },
      store,
    });
    expect(store.closed).toBe(0);
    await server.close();
    expect(store.closed).toBe(1);
  });

  it('closes the store when the server cannot start', async () => {
    const store = createClosingStore();
    const { registry } = createLimitedRegistry();
    const first = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    opened.push(first);
    const port = Number(new URL(first.url ?? '').port);
    await expect(
      startServer(registry, {
        transport: 'streamable-http',
        port,
        logger: createRecordingLogger(),
        limits: { calls: '5/min' },
        store,
      }),
    ).rejects.toThrow(/already in use/);
    expect(store.closed).toBe(1);
  });

  it('closes the store when the tools cannot be built', async () => {
    const store = createClosingStore();
    // A registry that cannot list its modules: loading the tools fails.
    const registry = new (class extends ForeignRegistry {
      override list(): string[] {
        throw new Error('registry unavailable');
      }
    })();
    await expect(
      startServer(new ForeignExecutor(registry, {}), {
        transport: 'streamable-http',
        port: 0,
        logger: createRecordingLogger(),
        limits: { calls: '5/min' },
        store,
      }),
    ).rejects.toThrow('registry unavailable');
    expect(store.closed).toBe(1);
  });

  it('closes the store when a handler closes', async () => {
    const store = createClosingStore();
    const { registry } = createLimitedRegistry();
    const handler = await createMcpHandler(registry, {
      logger: createRecordingLogger(),
      limits: { calls: '5/min' },
      store,
    });
    await handler.close();
    expect(store.closed).toBe(1);
  });

  it('refuses a bad limits option before anything starts', async () => {
    const { registry } = createLimitedRegistry();
    await expect(
      startServer(registry, { transport: 'streamable-http', port: 0, limits: { calls: '60/mn' } }),
    ).rejects.toThrow(
      "limits.calls: Bad limit '60/mn' in '60/mn': expected AMOUNT/UNIT[,AMOUNT/UNIT...] with UNIT min, hour, day or month (e.g. 60/min,1000/day,500/month)",
    );
  });
});
