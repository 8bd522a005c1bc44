import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { spawnTracked, stopTracked } from '@apcore-mcp/test-support';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveryJobId } from '../../src/delivery-job-id.js';
import { DELIVERY_QUEUE } from '../../src/delivery-queue.js';
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
const INSTANCE = new URL('./__fixtures__/hanging-instance.mjs', import.meta.url).pathname;
const spawned: ChildProcess[] = [];

afterEach(async () => {
  await Promise.all(spawned.splice(0).map((child) => stopTracked(child, { signal: 'SIGKILL' })));
});

/** Starts the hanging instance (built dist) and gives the JSON lines it writes, as they come. */
function startHangingInstance(attempts = 5): AsyncIterator<Record<string, unknown>> {
  const args = [INSTANCE, redis.url(), redis.prefix(), String(attempts)];
  const child = spawnTracked(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  spawned.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const iterator = lines[Symbol.asyncIterator]();
  return {
    async next() {
      const line = await iterator.next();
      return line.done ? line : { done: false, value: JSON.parse(line.value) };
    },
  };
}

describe('a webhook delivery and the instance running it', () => {
  it('runs again, under the same job id, when its instance dies mid-delivery', async () => {
    const writer = await redis.open({ runDeliveries: false });
    const alice = subscriptionTo('stock.low', 'alice');
    await webhooksOf(writer).store.upsert(alice, WIDE_CAPS);
    const lines = startHangingInstance();
    expect((await lines.next()).value).toEqual({ ready: true });
    const { position } = await writer.log.append(occurrenceOf('stock.low', 'evt_kept'), BOUNDS);
    expect((await lines.next()).value).toEqual({
      delivering: { subscriptionId: alice.id, eventId: 'evt_kept', attempt: 1 },
    });
    const [hanging] = spawned;
    if (hanging !== undefined) await stopTracked(hanging, { signal: 'SIGKILL' });

    const survivor = await redis.open({ lockDurationMs: 1000 });
    const seen: SeenAttempt[] = [];
    startDelivering(survivor, 'survivor', seen, () => ({ ok: true }));
    await expect
      .poll(() => webhooksOf(survivor).store.watermark(alice.id), { timeout: 30_000 })
      .toEqual({ position, inclusive: false });
    expect(seen.map(({ subscriptionId, eventId }) => ({ subscriptionId, eventId }))).toEqual([
      { subscriptionId: alice.id, eventId: 'evt_kept' },
    ]);
    const queue = new Queue(DELIVERY_QUEUE, {
      connection: { url: redis.url() },
      prefix: redis.prefix(),
    });
    try {
      const job = await queue.getJob(deliveryJobId(alice.id, 'evt_kept'));
      expect(await job?.getState()).toBe('completed');
      expect(await queue.getJobCounts('completed', 'failed', 'wait', 'active', 'delayed')).toEqual({
        completed: 1,
        failed: 0,
        wait: 0,
        active: 0,
        delayed: 0,
      });
    } finally {
      await queue.close();
    }
  });

  it('gives a delivery up, with a dead letter, once it lost its instance more than its attempts', async () => {
    const writer = await redis.open({ runDeliveries: false });
    const alice = subscriptionTo('stock.low', 'alice');
    await webhooksOf(writer).store.upsert(alice, WIDE_CAPS);
    const first = startHangingInstance(1);
    expect((await first.next()).value).toEqual({ ready: true });
    const { position } = await writer.log.append(occurrenceOf('stock.low', 'evt_cursed'), BOUNDS);
    expect((await first.next()).value).toMatchObject({ delivering: { eventId: 'evt_cursed' } });
    await stopTracked(spawned[0] as ChildProcess, { signal: 'SIGKILL' });
    // The second instance takes the stalled job over, and dies in it too.
    const second = startHangingInstance(1);
    expect((await second.next()).value).toEqual({ ready: true });
    expect((await second.next()).value).toMatchObject({ delivering: { eventId: 'evt_cursed' } });
    await stopTracked(spawned[1] as ChildProcess, { signal: 'SIGKILL' });

    const survivor = await redis.open({ lockDurationMs: 1000, attempts: 1 });
    const seen: SeenAttempt[] = [];
    startDelivering(survivor, 'survivor', seen, () => ({ ok: true }));
    const { delivery, store } = webhooksOf(survivor);
    await expect
      .poll(() => delivery.deadLetters(10), { timeout: 30_000 })
      .toEqual([
        expect.objectContaining({
          subscriptionId: alice.id,
          eventId: 'evt_cursed',
          category: 'timeout',
        }),
      ]);
    expect(seen).toEqual([]);
    expect(await store.watermark(alice.id)).toEqual({ position, inclusive: false });
  });
});
