import type { ExecutorLike } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { describeModule, ForeignRegistry } from '../../__fixtures__/foreign-runtime.js';
import { governanceEntries, type TestGovernance } from '../../__fixtures__/governance-entries.js';
import { createToolSource } from '../../__fixtures__/tool-source.js';
import { ExecutionRouter } from '../../calls/execution-router.js';
import { createCallLedger } from './call-ledger.js';
import { JsonLinesLedgerStore } from './json-lines-ledger-store.js';
import type { LedgerRecord, LedgerStore } from './ledger-record.js';

const inputSchema = {
  type: 'object' as const,
  properties: { user: { type: 'string' }, password: { type: 'string', 'x-sensitive': true } },
};

function createRouter(governance: TestGovernance, fail: boolean | Error = false): ExecutionRouter {
  const registry = new ForeignRegistry();
  registry.add(describeModule('auth.login'));
  const executor: ExecutorLike = {
    registry,
    call: async () => {
      if (fail instanceof Error) throw fail;
      if (fail) throw Object.assign(new Error('Access denied'), { code: 'ACL_DENIED' });
      return { ok: true };
    },
  };
  return new ExecutionRouter({
    executor,
    tools: createToolSource([
      { name: 'auth-login', inputSchema, _meta: { 'apcore/moduleId': 'auth.login' } },
    ]),
    entries: governanceEntries(governance),
  });
}

function memoryStore(): LedgerStore & { records: LedgerRecord[] } {
  const records: LedgerRecord[] = [];
  return { records, append: (record) => void records.push(record), close: async () => {} };
}

describe('the call ledger', () => {
  it('records subject, tool, module, masked arguments, duration, outcome and cost', async () => {
    const store = memoryStore();
    const clock = Date.parse('2026-11-24T14:00:00.000Z');
    const router = createRouter(createCallLedger({ store, costOf: () => 3, now: () => clock }));
    await router.handleCall(
      'auth-login',
      { user: 'ann', password: 'pw' },
      { identity: { id: 'ann' } },
    );
    expect(store.records).toHaveLength(1);
    const [entry] = store.records;
    expect(entry).toMatchObject({
      subject: 'ann',
      tool: 'auth-login',
      moduleId: 'auth.login',
      arguments: { user: 'ann', password: '***REDACTED***' },
      outcome: 'ok',
      cost: 3,
    });
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(entry?.time ?? '')).toBeLessThanOrEqual(clock);
  });

  it("records the call's trace id only when the request named one", async () => {
    const store = memoryStore();
    const router = createRouter(createCallLedger({ store, costOf: () => 0 }));
    const clientTraceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await router.handleCall('auth-login', {}, { clientTraceId });
    await router.handleCall('auth-login', {});
    expect(store.records[0]?.traceId).toBe(clientTraceId);
    expect(store.records[1]).not.toHaveProperty('traceId');
  });

  it('records a failed call under its error code, and an anonymous one as @anonymous', async () => {
    const store = memoryStore();
    const router = createRouter(createCallLedger({ store, costOf: () => 0 }), true);
    const result = await router.handleCall('auth-login', { user: 'x' });
    expect(result.isError).toBe(true);
    expect(store.records[0]).toMatchObject({ subject: '@anonymous', outcome: 'ACL_DENIED' });
    expect(store.records[0]?.error?.code).toBe('ACL_DENIED');
  });

  it('records the code and message of a failed call, without paths or what follows its first line', async () => {
    const store = memoryStore();
    const message =
      'Order file /srv/shop/data/orders-17.json is locked (see C:\\shop\\locks)\n    at readOrder (/srv/shop/src/orders.js:12:3)';
    const thrown = Object.assign(new Error(message), { code: 'RESOURCE_LOCKED' });
    const router = createRouter(createCallLedger({ store, costOf: () => 0 }), thrown);
    const result = await router.handleCall('auth-login', { user: 'x' });
    expect(result.isError).toBe(true);
    const [entry] = store.records;
    expect(entry?.error?.code).toBe(entry?.outcome);
    expect(entry?.error?.message).not.toMatch(/srv|shop|orders\.js|readOrder|\n/);
    const okStore = memoryStore();
    await createRouter(createCallLedger({ store: okStore, costOf: () => 0 })).handleCall(
      'auth-login',
      {},
    );
    expect(okStore.records[0]).not.toHaveProperty('error');
  });

  it('never fails a call when the store throws or the file cannot be written', async () => {
    const logger = createRecordingLogger();
    const throwing: LedgerStore = {
      append: () => {
        throw new Error('disk on fire');
      },
      close: async () => {},
    };
    const router = createRouter(createCallLedger({ store: throwing, costOf: () => 0, logger }));
    expect((await router.handleCall('auth-login', {})).isError).toBeUndefined();
    expect(logger.at('warn').map((entry) => entry.message)).toContain(
      'Could not append a ledger record',
    );

    const full = new JsonLinesLedgerStore({ path: '/dev/full', logger, maxBatchRecords: 1 });
    const second = createRouter(createCallLedger({ store: full, costOf: () => 0, logger }));
    expect((await second.handleCall('auth-login', {})).isError).toBeUndefined();
    await full.close();
    expect(logger.at('warn').map((entry) => entry.message)).toContain(
      'Could not write 1 ledger records to /dev/full',
    );
  });
});
