import type { DeliveryOutcome } from '@apcore-mcp/core/bridge';
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
/** Retries come back at once: the schedule itself is the webhooks package's, tested there. */
const retryDelayMs = () => 20;

async function subscribedBackend(options: { attempts?: number; timeoutMs?: number } = {}) {
  const backend = await redis.open({ retryDelayMs, ...options });
  const alice = subscriptionTo('stock.low', 'alice');
  await webhooksOf(backend).store.upsert(alice, WIDE_CAPS);
  return { backend, alice, ...webhooksOf(backend) };
}

describe('webhook delivery retries', () => {
  it('tries a failed delivery again, then settles it on success', async () => {
    const { backend, alice, store } = await subscribedBackend();
    const seen: SeenAttempt[] = [];
    startDelivering(backend, 'one', seen, ({ attempt }) =>
      attempt === 1 ? { ok: false, category: 'http_5xx', retry: true } : { ok: true },
    );
    const { position } = await backend.log.append(occurrenceOf('stock.low', 'evt_1'), BOUNDS);
    await expect
      .poll(() => store.watermark(alice.id), { timeout: 20_000 })
      .toEqual({ position, inclusive: false });
    expect(seen.map((one) => one.attempt)).toEqual([1, 2]);
    const status = (await store.get(alice.id))?.status;
    expect(status?.lastDeliveryAt).toBeTypeOf('number');
    expect(status?.failedSince).toBeUndefined();
  });

  it('gives up at once on a final outcome, with a dead letter', async () => {
    const { backend, alice, store, delivery } = await subscribedBackend();
    const seen: SeenAttempt[] = [];
    startDelivering(backend, 'one', seen, () => ({
      ok: false,
      category: 'http_4xx',
      retry: false,
    }));
    const { position } = await backend.log.append(occurrenceOf('stock.low', 'evt_gone'), BOUNDS);
    await expect.poll(() => delivery.deadLetters(10), { timeout: 20_000 }).toHaveLength(1);
    const [letter] = await delivery.deadLetters(10);
    expect(letter).toMatchObject({
      subscriptionId: alice.id,
      eventId: 'evt_gone',
      category: 'http_4xx',
      attempts: 1,
    });
    expect(letter?.failedAt).toBeTypeOf('number');
    expect(seen).toHaveLength(1);
    expect(await store.watermark(alice.id)).toEqual({ position, inclusive: false });
    expect((await store.get(alice.id))?.status.lastError).toBe('http_4xx');
  });

  it('dead-letters a delivery after its attempts, counting a hung attempt as a timeout', async () => {
    const { backend, alice, delivery } = await subscribedBackend({ attempts: 3, timeoutMs: 200 });
    const seen: SeenAttempt[] = [];
    startDelivering(
      backend,
      'one',
      seen,
      ({ attempt }) =>
        attempt < 3 ? { ok: false, category: 'http_5xx', retry: true } : new Promise(() => {}), // the receiver never answers
    );
    await backend.log.append(occurrenceOf('stock.low', 'evt_unreachable'), BOUNDS);
    await expect.poll(() => delivery.deadLetters(10), { timeout: 20_000 }).toHaveLength(1);
    expect(await delivery.deadLetters(10)).toEqual([
      expect.objectContaining({ subscriptionId: alice.id, category: 'timeout', attempts: 3 }),
    ]);
    expect(seen.map((one) => one.attempt)).toEqual([1, 2, 3]);
  });

  it('refuses attempts outside 1..10', async () => {
    await expect(redis.open({ attempts: 0 })).rejects.toThrow(/attempts must be an integer/);
    await expect(redis.open({ attempts: 11 })).rejects.toThrow(/attempts must be an integer/);
  });

  it('goes on delivering to others while one receiver hangs', async () => {
    const { backend, alice, store } = await subscribedBackend({ timeoutMs: 60_000 });
    const bob = subscriptionTo('stock.low', 'bob');
    await store.upsert(bob, WIDE_CAPS);
    let answerAlice: (outcome: DeliveryOutcome) => void = () => {};
    const aliceAnswered = new Promise<DeliveryOutcome>((resolve) => {
      answerAlice = resolve;
    });
    webhooksOf(backend).delivery.start({
      // Alice's delivery is queued first: with one at a time, Bob's would wait behind it.
      select: (_event, live) => [
        ...live.filter((one) => one.id === alice.id),
        ...live.filter((one) => one.id !== alice.id),
      ],
      deliver: async (subscription) =>
        subscription.id === alice.id ? aliceAnswered : { ok: true },
    });
    const { position } = await backend.log.append(occurrenceOf('stock.low', 'evt_1'), BOUNDS);
    try {
      await expect
        .poll(() => store.watermark(bob.id), { timeout: 10_000 })
        .toEqual({ position, inclusive: false });
      expect(await store.watermark(alice.id)).toEqual({ position, inclusive: true });
    } finally {
      answerAlice({ ok: true }); // so that closing does not wait for it
    }
  });
});
