import { randomBytes } from 'node:crypto';
import { createRedisEventBackend } from '@apcore-mcp/events-redis';
import {
  createRecordingLogger,
  redisSkipReason,
  startRedisServer,
  startWebhookReceiver,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidOptionError, type ServerHandle, startServer } from '../../src/index.js';
import { runEventDeliveryWorker } from '../../src/worker.js';
import { createEventRegistry, eventRequest, poll, STOCK_LOW } from '../helpers/event-requests.js';
import { as, authenticateBySubjectHeader } from '../helpers/subject-clients.js';

const skip = redisSkipReason();

describe('runEventDeliveryWorker', () => {
  it('refuses to start without an event backend that has webhooks', async () => {
    for (const options of [{}, { eventBackend: { log: {} } }]) {
      const refused = await runEventDeliveryWorker(createEventRegistry(), options as never).catch(
        (error: unknown) => error,
      );
      expect(InvalidOptionError.isInstance(refused)).toBe(true);
      expect((refused as InvalidOptionError).option).toBe('eventBackend');
    }
  });
});

describe.skipIf(skip !== undefined)(
  `a server taking webhook subscriptions, a worker delivering them${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let redis: TestRedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis.stop();
    });

    it('delivers from the worker a cursor the server reads, the server delivering nothing', async () => {
      const stateKey = randomBytes(32);
      const serverBackend = await createRedisEventBackend({
        connection: redis.url,
        runDeliveries: false,
      });
      let server: ServerHandle | undefined;
      const worker = await runEventDeliveryWorker(createEventRegistry(), {
        eventBackend: await createRedisEventBackend({ connection: redis.url }),
        eventTypes: [STOCK_LOW],
        stateKey,
        webhookAllowHttp: true,
        webhookAllowPrivate: true,
        logger: createRecordingLogger(),
      });
      const receiver = await startWebhookReceiver(`whsec_${randomBytes(32).toString('base64')}`);
      try {
        server = await startServer(createEventRegistry(), {
          transport: 'streamable-http',
          port: 0,
          stateKey,
          logger: createRecordingLogger(),
          eventTypes: [STOCK_LOW],
          eventBackend: serverBackend,
          authenticate: authenticateBySubjectHeader,
          webhookAllowHttp: true,
          webhookAllowPrivate: true,
        });
        const url = server.url ?? '';
        const subscribed = await eventRequest(
          url,
          'events/subscribe',
          {
            name: 'stock.low',
            arguments: {},
            delivery: { mode: 'webhook', url: receiver.url, secret: receiver.secret },
            cursor: null,
          },
          as('ann'),
        );
        expect(subscribed.result).toMatchObject({ id: expect.stringMatching(/^sub_/) });
        const { eventId } = await server.emit('stock.low', { sku: 'W-1', onHand: 1 });
        await expect.poll(() => receiver.deliveries().length, { timeout: 20_000 }).toBe(1);
        const [delivered] = receiver.deliveries();
        expect(delivered?.verified).toBe(true);
        expect(delivered?.body.eventId).toBe(eventId);
        const later = await server.emit('stock.low', { sku: 'W-2', onHand: 0 });
        const answer = await poll(
          url,
          { name: 'stock.low', arguments: {}, cursor: delivered?.body.cursor },
          as('ann'),
        );
        // Signed with the servers' key, the cursor is a position: a foreign one reads as "now".
        expect(answer.events.map((event) => event.eventId)).toContain(later.eventId);
      } finally {
        await server?.close();
        await worker.close();
        await receiver.close();
      }
    }, 60_000);
  },
);
