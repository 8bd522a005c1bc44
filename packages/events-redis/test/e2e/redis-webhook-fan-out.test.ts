import type { LoggedEvent } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { useRedisForBackends } from '../helpers/redis-for-backends.js';
import {
  BOUNDS,
  occurrenceOf,
  type SeenAttempt,
  startDelivering,
  subscriptionTo,
  WIDE_CAPS,
  webhooksOf,
} from '../helpers/webhook-fixtures.js';

const redis = useRedisForBackends();

describe('webhook fan-out across instances', () => {
  it('delivers each event once to each subscription, with two instances fanning out', async () => {
    const a = await redis.open();
    const b = await redis.open();
    const { store } = webhooksOf(a);
    const alice = subscriptionTo('stock.low', 'alice');
    const bob = subscriptionTo('stock.low', 'bob');
    await store.upsert(alice, WIDE_CAPS);
    await store.upsert(bob, WIDE_CAPS);
    const seen: SeenAttempt[] = [];
    const selected: string[] = [];
    for (const [name, backend] of [['a', a] as const, ['b', b] as const]) {
      webhooksOf(backend).delivery.start({
        select: (event: LoggedEvent, live) => {
          selected.push(event.eventId);
          return live;
        },
        deliver: async (subscription, job, attempt) => {
          seen.push({
            instance: name,
            subscriptionId: subscription.id,
            eventId: job.event.eventId,
            attempt,
          });
          return { ok: true };
        },
      });
    }
    const ids = Array.from({ length: 20 }, (_, index) => `evt_${index}`);
    for (const [index, id] of ids.entries()) {
      await (index % 2 === 0 ? a : b).log.append(occurrenceOf('stock.low', id), BOUNDS);
    }
    const last = await a.log.head('stock.low');
    await expect
      .poll(async () => [await store.watermark(alice.id), await store.watermark(bob.id)], {
        timeout: 20_000,
      })
      .toEqual([
        { position: last, inclusive: false },
        { position: last, inclusive: false },
      ]);
    expect([...selected].sort()).toEqual([...ids].sort());
    const delivered = seen.map((one) => `${one.subscriptionId} ${one.eventId}`).sort();
    const expected = [alice.id, bob.id].flatMap((id) => ids.map((eventId) => `${id} ${eventId}`));
    expect(delivered).toEqual(expected.sort());
    expect((await store.get(alice.id))?.status.lastDeliveryAt).toBeTypeOf('number');
  });

  it('takes over the entries a gone instance read and never acknowledged', async () => {
    const writer = await redis.open({ runDeliveries: false });
    const { store } = webhooksOf(writer);
    const alice = subscriptionTo('order.placed', 'alice');
    await store.upsert(alice, WIDE_CAPS);
    await writer.log.append(occurrenceOf('order.placed', 'evt_lost_1'), BOUNDS);
    await writer.log.append(occurrenceOf('order.placed', 'evt_lost_2'), BOUNDS);
    // An instance that read both through the group, then died before acknowledging them.
    const key = `${redis.prefix()}:log:order.placed`;
    const read = await redis
      .inspector()
      .xreadgroup('GROUP', 'webhooks', 'gone-instance', 'COUNT', 10, 'STREAMS', key, '>');
    expect(read).not.toBeNull();
    const survivor = await redis.open({ lockDurationMs: 300 });
    const seen: SeenAttempt[] = [];
    startDelivering(survivor, 'survivor', seen, () => ({ ok: true }));
    await expect
      .poll(() => seen.map((one) => one.eventId).sort(), { timeout: 20_000 })
      .toEqual(['evt_lost_1', 'evt_lost_2']);
    await expect.poll(async () => (await redis.inspector().xpending(key, 'webhooks'))[0]).toBe(0);
    // Silent past ten lock durations with nothing pending, the gone consumer is forgotten.
    const consumerNames = async () =>
      ((await redis.inspector().xinfo('CONSUMERS', key, 'webhooks')) as unknown[][]).map(
        (fields) => fields[1],
      );
    await expect.poll(consumerNames, { timeout: 20_000 }).not.toContain('gone-instance');
    expect(await consumerNames()).toHaveLength(1);
  });

  it('queues a replay once however often it is enqueued, and only for its subscription', async () => {
    const backend = await redis.open();
    const { store, delivery } = webhooksOf(backend);
    const alice = subscriptionTo('stock.low', 'alice');
    await store.upsert(alice, WIDE_CAPS);
    const stored = await backend.log.append(occurrenceOf('stock.low', 'evt_replayed'), BOUNDS);
    const event = { ...occurrenceOf('stock.low', 'evt_replayed'), position: stored.position };
    // Replayed twice, and fanned out again once delivery starts: one job id for all three.
    await delivery.enqueue(alice, [event]);
    await delivery.enqueue(alice, [event]);
    const seen: SeenAttempt[] = [];
    startDelivering(backend, 'one', seen, () => ({ ok: true }));
    await expect
      .poll(() => store.watermark(alice.id), { timeout: 20_000 })
      .toEqual({ position: stored.position, inclusive: false });
    expect(seen.filter((one) => one.eventId === 'evt_replayed')).toHaveLength(1);
  });

  it('leaves a delivered event settled when it is queued again', async () => {
    const backend = await redis.open();
    const { store, delivery } = webhooksOf(backend);
    const alice = subscriptionTo('stock.low', 'alice');
    await store.upsert(alice, WIDE_CAPS);
    const seen: SeenAttempt[] = [];
    startDelivering(backend, 'one', seen, () => ({ ok: true }));
    const stored = await backend.log.append(occurrenceOf('stock.low', 'evt_once'), BOUNDS);
    const settled = { position: stored.position, inclusive: false };
    await expect.poll(() => store.watermark(alice.id), { timeout: 20_000 }).toEqual(settled);
    const event = { ...occurrenceOf('stock.low', 'evt_once'), position: stored.position };
    await delivery.enqueue(alice, [event]);
    expect(await store.watermark(alice.id)).toEqual(settled);
    expect(seen).toHaveLength(1);
  });

  it('gives a log stream its fan-out group again when the group was lost', async () => {
    const backend = await redis.open();
    const { store } = webhooksOf(backend);
    const alice = subscriptionTo('stock.low', 'alice');
    await store.upsert(alice, WIDE_CAPS);
    await backend.log.append(occurrenceOf('stock.low', 'evt_before'), BOUNDS);
    await redis.inspector().xgroup('DESTROY', `${redis.prefix()}:log:stock.low`, 'webhooks');
    const seen: SeenAttempt[] = [];
    startDelivering(backend, 'one', seen, () => ({ ok: true }));
    await backend.log.append(occurrenceOf('stock.low', 'evt_after'), BOUNDS);
    await expect
      .poll(() => seen.map((one) => one.eventId).sort(), { timeout: 20_000 })
      .toEqual(['evt_after', 'evt_before']);
  });
});
