import { randomBytes } from 'node:crypto';
import { ACL, Executor } from '@apcore-mcp/runtime';
import { createRecordingLogger, startWebhookReceiver } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import {
  createEventRegistry,
  eventRequest,
  ORDER_PLACED,
  poll,
  STOCK_LOW,
} from '../helpers/event-requests.js';
import { as, authenticateBySubjectHeader } from '../helpers/subject-clients.js';

const authenticate = authenticateBySubjectHeader;

describe('who sees which event types, and the test emit', () => {
  let server: ServerHandle;
  let url: string;

  beforeAll(async () => {
    const acl = new ACL([
      { callers: ['ann'], targets: ['stock.*'], effect: 'allow' },
      { callers: ['*'], targets: ['order.*'], effect: 'allow' },
    ]);
    server = await startServer(new Executor(createEventRegistry(), { acl }), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      eventTypes: [STOCK_LOW, ORDER_PLACED],
      authenticate,
      eventTestEmit: true,
    });
    url = server.url ?? '';
  });
  afterAll(async () => {
    await server.close();
  });

  it("lists only the types the caller's ACL lets it call, and answers a hidden one NotFound", async () => {
    const ann = await eventRequest(url, 'events/list', {}, as('ann'));
    expect(((ann.result?.events ?? []) as { name: string }[]).map((type) => type.name)).toEqual([
      'stock.low',
      'order.placed',
    ]);
    const bob = await eventRequest(url, 'events/list', {}, as('bob'));
    expect(((bob.result?.events ?? []) as { name: string }[]).map((type) => type.name)).toEqual([
      'order.placed',
    ]);
    const hidden = await eventRequest(
      url,
      'events/poll',
      { name: 'stock.low', cursor: null },
      as('bob'),
    );
    expect(hidden.error).toMatchObject({ code: -32011, data: { kind: 'event' } });
  });

  it('emits a test event for a type the caller sees, checked against its payload schema', async () => {
    const start = await poll(url, { name: 'stock.low', cursor: null }, as('ann'));
    const emitted = await eventRequest(
      url,
      'apcore-mcp/emitTestEvent',
      { name: 'stock.low', data: { sku: 'T-1', onHand: 1 } },
      as('ann'),
    );
    expect(emitted.result).toMatchObject({ eventId: expect.stringMatching(/^evt_/) });
    const read = await poll(url, { name: 'stock.low', cursor: start.cursor }, as('ann'));
    expect(read.events.map((event) => event.eventId)).toEqual([emitted.result?.eventId]);
    const invalid = await eventRequest(
      url,
      'apcore-mcp/emitTestEvent',
      { name: 'stock.low', data: { sku: 'T-1' } },
      as('ann'),
    );
    expect(invalid.error).toMatchObject({ code: -32602, data: { field: 'data' } });
    const hidden = await eventRequest(
      url,
      'apcore-mcp/emitTestEvent',
      { name: 'stock.low', data: { sku: 'T', onHand: 1 } },
      as('bob'),
    );
    expect(hidden.error).toMatchObject({ code: -32011 });
  });
});

describe('webhook receivers that fail', () => {
  let server: ServerHandle;
  let url: string;

  beforeAll(async () => {
    server = await startServer(createEventRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      eventTypes: [STOCK_LOW],
      authenticate,
      eventTestEmit: true,
      webhookAllowHttp: true,
      webhookAllowPrivate: true,
      webhookAttempts: 1,
      webhookTimeoutMs: 300,
    });
    url = server.url ?? '';
  });
  afterAll(async () => {
    await server.close();
  });

  const subscribeTo = (receiverUrl: string, secret: string) =>
    eventRequest(
      url,
      'events/subscribe',
      { name: 'stock.low', delivery: { url: receiverUrl, secret }, cursor: null },
      as('ann'),
    );
  const emitLow = () =>
    eventRequest(
      url,
      'apcore-mcp/emitTestEvent',
      { name: 'stock.low', data: { sku: 'Z', onHand: 0 } },
      as('ann'),
    );

  it('records a receiver that hangs as a timeout', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const receiver = await startWebhookReceiver(secret, { path: '/hang' });
    try {
      expect((await subscribeTo(receiver.url, secret)).result).toBeDefined();
      receiver.answers.push(0);
      await emitLow();
      await expect
        .poll(async () => (await subscribeTo(receiver.url, secret)).result?.deliveryStatus, {
          timeout: 10_000,
        })
        .toMatchObject({
          lastError: 'timeout',
          lastDeliveryAt: null,
          failedSince: expect.any(String),
        });
    } finally {
      await receiver.close();
    }
  });

  it('gives up on a receiver that is gone, recording connection_refused', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const receiver = await startWebhookReceiver(secret, { path: '/gone' });
    expect((await subscribeTo(receiver.url, secret)).result).toBeDefined();
    await receiver.close();
    await emitLow();
    await expect
      .poll(async () => (await subscribeTo(receiver.url, secret)).result?.deliveryStatus, {
        timeout: 10_000,
      })
      .toMatchObject({ lastError: 'connection_refused' });
  });
});
