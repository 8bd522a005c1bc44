import {
  createRecordingLogger,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createEventRegistry, eventRequest, STOCK_LOW } from '../helpers/event-requests.js';
import { as, SUBJECT_HEADER } from '../helpers/subject-clients.js';
import {
  connectStockReporter,
  newSecret,
  type StockReporter,
  startWebhookServer,
} from '../helpers/webhook-server.js';

describe('events by webhook', () => {
  let server: ServerHandle;
  let url: string;
  let reporter: StockReporter;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    server = await startWebhookServer({ maxWebhookEndpointsPerSubject: 2 });
    url = server.url ?? '';
    reporter = await connectStockReporter(url);
    receiver = await startWebhookReceiver(newSecret());
  });
  afterAll(async () => {
    await reporter.close();
    await server.close();
    await receiver.close();
  });

  const report = (sku: string, onHand: number) => reporter.report(sku, onHand);
  const subscribe = (subject: string, params: Record<string, unknown> = {}) =>
    eventRequest(
      url,
      'events/subscribe',
      {
        name: 'stock.low',
        arguments: { sku: 'W-1' },
        delivery: { mode: 'webhook', url: receiver.url, secret: receiver.secret },
        cursor: null,
        ...params,
      },
      as(subject),
    );

  it('offers webhook delivery in events/list to authenticated callers only', async () => {
    const listed = await eventRequest(url, 'events/list', {}, as('ann'));
    expect(listed.result).toMatchObject({ events: [{ delivery: ['poll', 'push', 'webhook'] }] });
  });

  it('verifies the callback, then delivers each matching event signed, and a refresh keeps the id', async () => {
    const answer = await subscribe('ann');
    expect(answer.result).toMatchObject({ id: expect.stringMatching(/^sub_/), truncated: false });
    const id = answer.result?.id as string;
    const verification = receiver.posts.find((post) => post.body.type === 'verification');
    expect(verification?.verified).toBe(true);
    await report('X-9', 1);
    await report('W-1', 2);
    await expect.poll(() => receiver.deliveries().length, { timeout: 10_000 }).toBe(1);
    const [delivered] = receiver.deliveries();
    expect(delivered?.verified).toBe(true);
    expect(delivered?.body).toMatchObject({ name: 'stock.low', data: { sku: 'W-1', onHand: 2 } });
    expect(delivered?.headers['webhook-id']).toBe(delivered?.body.eventId);
    expect(delivered?.headers['x-mcp-subscription-id']).toBe(id);
    const refreshed = await subscribe('ann', { arguments: { sku: 'W-1' } });
    expect(refreshed.result).toMatchObject({
      id,
      deliveryStatus: { active: true, lastDeliveryAt: expect.any(String), lastError: null },
    });
    expect(
      await eventRequest(
        url,
        'events/unsubscribe',
        { name: 'stock.low', arguments: { sku: 'W-1' }, delivery: { url: receiver.url } },
        as('bob'),
      ),
    ).toMatchObject({
      error: { code: -32011, data: { kind: 'subscription' } },
    });
    const removed = await eventRequest(
      url,
      'events/unsubscribe',
      { name: 'stock.low', arguments: { sku: 'W-1' }, delivery: { url: receiver.url } },
      as('ann'),
    );
    expect(removed.result).toMatchObject({});
  });

  it('gives a 410 one attempt, recorded as http_4xx', async () => {
    const answer = await subscribe('gone', { arguments: { sku: 'G-1' } });
    const before = receiver.deliveries().length;
    receiver.answers.push(410);
    await report('G-1', 1);
    await expect.poll(() => receiver.deliveries().length, { timeout: 10_000 }).toBe(before + 1);
    await expect
      .poll(
        async () => (await subscribe('gone', { arguments: { sku: 'G-1' } })).result?.deliveryStatus,
      )
      .toMatchObject({ lastError: 'http_4xx' });
    expect(receiver.deliveries().length).toBe(before + 1);
    expect(answer.result?.id).toBeDefined();
  });

  it('refuses bad input with the SEP codes', async () => {
    const badSecret = await subscribe('ann', {
      delivery: { url: receiver.url, secret: 'hunter2' },
    });
    expect(badSecret.error).toMatchObject({ code: -32602, data: { field: 'delivery.secret' } });
    const badUrl = await subscribe('ann', {
      delivery: { url: 'http://example.com/hook', secret: receiver.secret },
    });
    expect(badUrl.error).toMatchObject({ code: -32602, data: { field: 'delivery.url' } });
    const badMode = await subscribe('ann', {
      delivery: { mode: 'email', url: receiver.url, secret: receiver.secret },
    });
    expect(badMode.error).toMatchObject({ code: -32014 });
    const unknown = await subscribe('ann', { name: 'nope' });
    expect(unknown.error).toMatchObject({ code: -32011 });
  });

  it('caps the distinct callback URLs of one subject', async () => {
    const other = await startWebhookReceiver(receiver.secret, { path: '/other' });
    const third = await startWebhookReceiver(receiver.secret, { path: '/third' });
    try {
      expect((await subscribe('capped')).result).toBeDefined();
      expect(
        (await subscribe('capped', { delivery: { url: other.url, secret: receiver.secret } }))
          .result,
      ).toBeDefined();
      const refused = await subscribe('capped', {
        delivery: { url: third.url, secret: receiver.secret },
      });
      expect(refused.error).toMatchObject({ code: -32013, data: { limit: 'endpoints', max: 2 } });
    } finally {
      await Promise.all([other.close(), third.close()]);
    }
  });

  it('retries a delivery the receiver answered 500, signed afresh', async () => {
    await subscribe('retry', { arguments: { sku: 'R-1' } });
    const before = receiver.deliveries().length;
    receiver.answers.push(500);
    await report('R-1', 1);
    await expect
      .poll(() => receiver.deliveries().length, { timeout: 20_000, interval: 200 })
      .toBe(before + 2);
    const [failed, retried] = receiver.deliveries().slice(before);
    expect(failed?.status).toBe(500);
    expect(retried).toMatchObject({ status: 200, verified: true });
    expect(retried?.headers['webhook-id']).toBe(failed?.headers['webhook-id']);
    expect(retried?.headers['webhook-signature']).not.toBe(failed?.headers['webhook-signature']);
  }, 30_000);
});

describe('a server without the webhook options', () => {
  it('refuses a callback to a private address and an unauthenticated subscriber', async () => {
    const server = await startServer(createEventRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      eventTypes: [STOCK_LOW],
      authenticate: (request) => (request.headers[SUBJECT_HEADER] === 'ann' ? { id: 'ann' } : null),
      webhookAllowHttp: true,
    });
    try {
      const secret = newSecret();
      const privateUrl = await eventRequest(
        server.url ?? '',
        'events/subscribe',
        { name: 'stock.low', delivery: { url: 'http://127.0.0.1:9/hook', secret }, cursor: null },
        as('ann'),
      );
      expect(privateUrl.error).toMatchObject({ code: -32602, data: { field: 'delivery.url' } });
    } finally {
      await server.close();
    }
  });

  it('does not offer webhooks without authentication, and refuses a subscribe as Forbidden', async () => {
    const server = await startServer(createEventRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      eventTypes: [STOCK_LOW],
      webhookAllowHttp: true,
      webhookAllowPrivate: true,
    });
    try {
      const listed = await eventRequest(server.url ?? '', 'events/list', {});
      expect(listed.result).toMatchObject({ events: [{ delivery: ['poll', 'push'] }] });
      const refused = await eventRequest(server.url ?? '', 'events/subscribe', {
        name: 'stock.low',
        delivery: { url: 'http://127.0.0.1:9/hook', secret: newSecret() },
      });
      expect(refused.error).toMatchObject({ code: -32012 });
    } finally {
      await server.close();
    }
  });
});
