import {
  createRecordingLogger,
  type ReceivedPost,
  type RecordingLogger,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@apcore-mcp/test-support';
import { Webhook } from 'standardwebhooks';
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

/** Whether `post` verifies with `secret` when it carries only `signature`. */
function verifiesAlone(post: ReceivedPost, signature: string, secret: string): boolean {
  const headers: Record<string, string> = {
    'webhook-id': String(post.headers['webhook-id']),
    'webhook-timestamp': String(post.headers['webhook-timestamp']),
    'webhook-signature': signature,
  };
  try {
    new Webhook(secret).verify(post.raw, headers);
    return true;
  } catch {
    return false;
  }
}

describe('webhook deliveries a receiver refuses, and secret rotation', () => {
  let server: ServerHandle;
  let url: string;
  let reporter: StockReporter;
  let receiver: WebhookReceiver;
  let logger: RecordingLogger;

  beforeAll(async () => {
    logger = createRecordingLogger();
    server = await startWebhookServer({ logger });
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
  const subscribe = (subject: string, sku: string, secret: string) =>
    eventRequest(
      url,
      'events/subscribe',
      {
        name: 'stock.low',
        arguments: { sku },
        delivery: { mode: 'webhook', url: receiver.url, secret },
        cursor: null,
      },
      as(subject),
    );
  const givenUp = () =>
    logger
      .at('warn')
      .filter((entry) => entry.message === 'A webhook delivery was given up')
      .map((entry) => entry.object as Record<string, unknown>);

  it('gives a 413 one attempt and a dead letter, and keeps the subscription', async () => {
    const answer = await subscribe('big', 'T-1', receiver.secret);
    const id = answer.result?.id as string;
    const before = receiver.deliveries().length;
    receiver.answers.push(413);
    await report('T-1', 1);
    await expect
      .poll(() => givenUp().find((letter) => letter.subscriptionId === id), { timeout: 10_000 })
      .toMatchObject({ category: 'http_4xx', attempts: 1 });
    expect(
      receiver
        .deliveries()
        .slice(before)
        .map((post) => post.status),
    ).toEqual([413]);
    const refreshed = await subscribe('big', 'T-1', receiver.secret);
    expect(refreshed.result).toMatchObject({ id, deliveryStatus: { lastError: 'http_4xx' } });
    await report('T-1', 2);
    await expect.poll(() => receiver.deliveries().length, { timeout: 10_000 }).toBe(before + 2);
    expect(receiver.deliveries().at(-1)).toMatchObject({ status: 200, verified: true });
  });

  it('signs a delivery right after a rotation with both secrets, each verifying with its own', async () => {
    const oldSecret = receiver.secret;
    const first = await subscribe('rotating', 'S-1', oldSecret);
    const newer = newSecret();
    const rotated = await subscribe('rotating', 'S-1', newer);
    expect(rotated.result?.id).toBe(first.result?.id);
    const before = receiver.deliveries().length;
    await report('S-1', 1);
    await expect.poll(() => receiver.deliveries().length, { timeout: 10_000 }).toBe(before + 1);
    const delivered = receiver.deliveries().at(-1) as ReceivedPost;
    const signatures = String(delivered.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    for (const secret of [newer, oldSecret]) {
      const verifying = signatures.filter((signature) =>
        verifiesAlone(delivered, signature, secret),
      );
      expect(verifying).toHaveLength(1);
    }
    expect(verifiesAlone(delivered, signatures.join(' '), newSecret())).toBe(false);
  });
});
