import { startWebhookReceiver, type WebhookReceiver } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../../src/index.js';
import { eventRequest } from '../helpers/event-requests.js';
import { as } from '../helpers/subject-clients.js';
import {
  connectStockReporter,
  newSecret,
  type StockReporter,
  startWebhookServer,
} from '../helpers/webhook-server.js';

function subscriber(server: ServerHandle, receiver: WebhookReceiver) {
  return (subject: string, sku: string, hook: WebhookReceiver = receiver) =>
    eventRequest(
      server.url ?? '',
      'events/subscribe',
      {
        name: 'stock.low',
        arguments: { sku },
        delivery: { url: hook.url, secret: hook.secret },
        cursor: null,
      },
      as(subject),
    );
}

describe('the webhook subscription caps', () => {
  let server: ServerHandle;
  let receiver: WebhookReceiver;
  let other: WebhookReceiver;
  let reporter: StockReporter;
  let subscribe: ReturnType<typeof subscriber>;

  beforeAll(async () => {
    server = await startWebhookServer({
      maxWebhookSubscriptionsPerSubject: 2,
      maxWebhookEndpointsPerSubject: 1,
      maxWebhookSubscriptions: 4,
    });
    receiver = await startWebhookReceiver(newSecret());
    other = await startWebhookReceiver(receiver.secret, { path: '/other' });
    subscribe = subscriber(server, receiver);
    reporter = await connectStockReporter(server.url ?? '');
  });
  afterAll(async () => {
    await reporter.close();
    await server.close();
    await Promise.all([receiver.close(), other.close()]);
  });

  const unsubscribe = (subject: string, sku: string, hook: WebhookReceiver = receiver) =>
    eventRequest(
      server.url ?? '',
      'events/unsubscribe',
      { name: 'stock.low', arguments: { sku }, delivery: { url: hook.url } },
      as(subject),
    );
  const report = (sku: string) => reporter.report(sku, 1);

  it('refuses a subject past its subscriptions, its endpoints, and everyone past the total, writing nothing', async () => {
    expect((await subscribe('ann', 'A-1')).result).toBeDefined();
    expect((await subscribe('ann', 'A-2')).result).toBeDefined();
    expect((await subscribe('ann', 'A-3')).error).toMatchObject({
      code: -32013,
      data: { limit: 'subscriptions', max: 2 },
    });
    expect((await subscribe('bob', 'B-1', other)).result).toBeDefined();
    expect((await subscribe('bob', 'B-2')).error).toMatchObject({
      code: -32013,
      data: { limit: 'endpoints', max: 1 },
    });
    expect((await subscribe('dave', 'D-1')).result).toBeDefined();
    expect((await subscribe('carol', 'C-1')).error).toMatchObject({
      code: -32013,
      data: { limit: 'subscriptions', max: 4 },
    });
    for (const [subject, sku] of [
      ['ann', 'A-3'],
      ['bob', 'B-2'],
      ['carol', 'C-1'],
    ] as const) {
      expect((await unsubscribe(subject, sku)).error).toMatchObject({
        code: -32011,
        data: { kind: 'subscription' },
      });
    }
    const before = receiver.deliveries().length;
    for (const sku of ['A-3', 'B-2', 'C-1', 'A-1']) await report(sku);
    await expect.poll(() => receiver.deliveries().length, { timeout: 10_000 }).toBe(before + 1);
    expect(receiver.deliveries().at(-1)?.body).toMatchObject({ data: { sku: 'A-1' } });
    expect((await subscribe('ann', 'A-1')).result).toMatchObject({ deliveryStatus: {} });
  });
});

describe('verification challenges per destination host', () => {
  it('sends at most ten a minute to one host, refusing the subscribe past them with ResourceExhausted', async () => {
    const server = await startWebhookServer({});
    const receiver = await startWebhookReceiver(newSecret());
    try {
      const subscribe = subscriber(server, receiver);
      // Each subject is a new (principal, url): each needs a challenge. Twenty-one requests
      // span at most two minutes' windows, so one of them is refused whatever the clock says.
      let admitted = 0;
      let refused: Record<string, unknown> | undefined;
      for (let index = 0; index < 21 && refused === undefined; index += 1) {
        const answer = await subscribe(`subject-${index}`, 'V-1');
        if (answer.error === undefined) admitted += 1;
        else refused = answer.error as unknown as Record<string, unknown>;
      }
      expect(refused).toMatchObject({
        code: -32013,
        data: { limit: 'verifications', max: 10, retryAfterMs: expect.any(Number) },
      });
      expect(admitted).toBeGreaterThanOrEqual(10);
      const challenges = receiver.posts.filter((post) => post.body.type === 'verification');
      expect(challenges).toHaveLength(admitted);
    } finally {
      await server.close();
      await receiver.close();
    }
  });
});
