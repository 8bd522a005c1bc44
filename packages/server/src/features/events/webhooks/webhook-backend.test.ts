import type { WebhookSubscription } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import type { FeatureFrame } from '../../../feature-api/server-feature.js';
import type { TransportName } from '../../../kernel/transports.js';
import { createMemoryEventLog } from '../log/memory-event-log.js';
import { createMemoryWebhookDelivery } from './memory-delivery.js';
import { createMemoryWebhookStore } from './memory-webhook-store.js';
import { MEMORY_WEBHOOKS_WARNING, openWebhookBackend } from './webhook-backend.js';

const OPTIONS = {
  eventWebhooks: true,
  webhookAllowHttp: false,
  webhookAllowPrivate: false,
  webhookTimeoutMs: 5000,
  webhookAttempts: 5,
};

const SUBSCRIPTION: WebhookSubscription = {
  id: 'sub_0',
  principal: 'ann',
  identity: { id: 'ann', type: 'user', roles: [] },
  name: 'stock.low',
  arguments: {},
  url: 'https://hooks.example.com/in',
  secrets: { current: `whsec_${Buffer.alloc(32, 1).toString('base64')}` },
  refreshBefore: Date.now() + 60_000,
  createdAt: Date.now(),
  status: {},
};

function frameOf(transport: TransportName) {
  const logger = createRecordingLogger();
  const frame: FeatureFrame = {
    name: 'test',
    version: '1.0.0',
    transport,
    path: '/mcp',
    host: '127.0.0.1',
    allowedHosts: undefined,
    logger,
  };
  return { frame, logger };
}

describe('where webhook subscriptions are kept', () => {
  it("warns once, at the first subscription, that this process's memory loses them on restart", async () => {
    const { frame, logger } = frameOf('streamable-http');
    const opened = await openWebhookBackend(OPTIONS, frame, { log: createMemoryEventLog() });
    expect(opened).toBeDefined();
    expect(logger.warnings()).toEqual([]);
    const caps = { perSubject: 10, endpointsPerSubject: 10, total: 10 };
    for (const id of ['sub_1', 'sub_2']) {
      await opened?.store.upsert({ ...SUBSCRIPTION, id }, caps);
    }
    expect(logger.warnings()).toEqual([MEMORY_WEBHOOKS_WARNING]);
    expect(MEMORY_WEBHOOKS_WARNING).toContain('--events redis://');
    await opened?.delivery.close();
  });

  it('says nothing when the backend keeps them, or when webhooks are not served', async () => {
    const log = createMemoryEventLog();
    const store = createMemoryWebhookStore();
    const { frame, logger } = frameOf('streamable-http');
    const delivery = createMemoryWebhookDelivery({
      log,
      store,
      logger,
      attempts: 1,
      retryDelayMs: () => 1000,
    });
    expect(
      await openWebhookBackend(OPTIONS, frame, { log, webhooks: { store, delivery } }),
    ).toMatchObject({ store });
    const stdio = frameOf('stdio');
    expect(await openWebhookBackend(OPTIONS, stdio.frame, { log })).toBeUndefined();
    const off = frameOf('streamable-http');
    const noWebhooks = { ...OPTIONS, eventWebhooks: false };
    expect(await openWebhookBackend(noWebhooks, off.frame, { log })).toBeUndefined();
    expect([...logger.warnings(), ...stdio.logger.warnings(), ...off.logger.warnings()]).toEqual(
      [],
    );
  });
});
