import type { LoggedEvent } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { useRedisForBackends } from '../helpers/redis-for-backends.js';

const redis = useRedisForBackends();
const BOUNDS = { retentionMs: 3_600_000, maxLength: 1000 };

function occurrence(eventId: string, data: Record<string, unknown> = {}) {
  return { eventId, name: 'stock.low', timestamp: new Date().toISOString(), data };
}

describe('the Redis event log across instances', () => {
  it('reads and tails on one instance what another appended, with one epoch', async () => {
    const a = await redis.open({ runDeliveries: false });
    const b = await redis.open({ runDeliveries: false });
    expect(b.log.epoch).toBe(a.log.epoch);
    const heard: LoggedEvent[] = [];
    const stop = b.log.tail(['stock.low'], (event) => heard.push(event));
    // The tail starts from the head it asked for on b: wait for that to be answered, so that
    // a's append (on another connection) comes after it.
    await b.log.head('stock.low');
    const first = await a.log.append(occurrence('evt_a1', { sku: 'a' }), BOUNDS);
    const second = await a.log.append(occurrence('evt_a2', { sku: 'b' }), BOUNDS);
    await expect.poll(() => heard.map((event) => event.eventId)).toEqual(['evt_a1', 'evt_a2']);
    stop();
    expect(await b.log.head('stock.low')).toBe(second.position);
    const read = await b.log.read('stock.low', '0', { limit: 10 });
    expect(read.events.map((event) => [event.position, event.data])).toEqual([
      [first.position, { sku: 'a' }],
      [second.position, { sku: 'b' }],
    ]);
  });

  it('tells a tail followed again only what came after it, not what an earlier read held', async () => {
    const log = (await redis.open({ runDeliveries: false })).log;
    const stop = log.tail(['stock.low'], () => {});
    await log.head('stock.low');
    stop();
    const before = log.append(occurrence('evt_before'), BOUNDS);
    const heard: string[] = [];
    const stopAgain = log.tail(['stock.low'], (event) => heard.push(event.eventId));
    await before;
    await log.head('stock.low');
    await log.append(occurrence('evt_after'), BOUNDS);
    await expect.poll(() => heard).toContain('evt_after');
    stopAgain();
    expect(heard).toEqual(['evt_after']);
  });

  it('agrees on a new epoch across instances after Redis lost the old one', async () => {
    const a = await redis.open({ runDeliveries: false });
    const before = a.log.epoch;
    await redis.inspector().flushall();
    const b = await redis.open({ runDeliveries: false });
    expect(b.log.epoch).not.toBe(before);
    await a.log.read('stock.low', '0', { limit: 1 });
    expect(a.log.epoch).toBe(b.log.epoch);
  });

  it('stores an eventId once across instances, answering its first position', async () => {
    const a = await redis.open({ runDeliveries: false });
    const b = await redis.open({ runDeliveries: false });
    const stored = await a.log.append(occurrence('task_1_completed'), BOUNDS);
    const again = await b.log.append(occurrence('task_1_completed'), BOUNDS);
    expect(again).toEqual({ position: stored.position, duplicate: true });
    expect((await b.log.read('stock.low', '0', { limit: 10 })).events).toHaveLength(1);
  });

  it('does not call a read truncated when only the cursor’s own entry aged out', async () => {
    const log = (await redis.open({ runDeliveries: false })).log;
    const bounds = { retentionMs: 3_600_000, maxLength: 2 };
    const positions: string[] = [];
    for (const id of ['e1', 'e2', 'e3']) {
      positions.push((await log.append(occurrence(id), bounds)).position);
    }
    // e1 was trimmed: a reader that had read e1 missed nothing, one from before it did.
    expect((await log.read('stock.low', positions[0] ?? '', { limit: 10 })).truncated).toBe(false);
    expect((await log.read('stock.low', '0', { limit: 10 })).truncated).toBe(true);
  });

  it('says a read starting at notBeforeMs skipped what lay before it', async () => {
    const log = (await redis.open({ runDeliveries: false })).log;
    const old = await log.append(occurrence('old'), BOUNDS);
    const floor = Number(old.position.split('-')[0]) + 1;
    while (Date.now() <= floor) await new Promise((resolve) => setImmediate(resolve));
    await log.append(occurrence('new'), BOUNDS);
    const read = await log.read('stock.low', '0', { limit: 10, notBeforeMs: floor });
    expect(read.events.map((event) => event.eventId)).toEqual(['new']);
    expect(read.truncated).toBe(true);
    const after = await log.read('stock.low', old.position, { limit: 10, notBeforeMs: floor });
    expect(after.truncated).toBe(false);
  });

  it('refuses a connection that is not a Redis URL', async () => {
    await expect(redis.open({ connection: 'http://127.0.0.1:6379' })).rejects.toThrow(
      /redis:\/\/ or rediss:\/\//,
    );
  });
});
