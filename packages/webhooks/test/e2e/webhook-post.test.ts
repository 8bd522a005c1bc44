import { randomBytes } from 'node:crypto';
import { findFreePort } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, test } from 'vitest';
import { createWebhookSender, type WebhookEventBody } from '../../src/index.js';
import { answerWith, startReceiver, type TestReceiver, verifyPost } from './receiver.js';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const development = { allowHttpLoopback: true, allowPrivate: true, timeoutMs: 5000 };
const event: WebhookEventBody = {
  eventId: 'evt_stock_1',
  name: 'stock.low',
  timestamp: '2026-11-29T10:00:00.000Z',
  data: { sku: 'A-1', onHand: 2 },
  cursor: 'c1.watermark',
};

let receivers: TestReceiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.map((started) => started.close()));
  receivers = [];
});

const hookUrl = (port: number) => `http://127.0.0.1:${port}/hook`;
const message = (secrets: string[]) => ({
  webhookId: event.eventId,
  subscriptionId: 'sub_1',
  secrets,
});

describe('post', () => {
  test('delivers a body a receiver verifies with standardwebhooks', async () => {
    const secret = newSecret();
    const target = await receiver({ respond: answerWith(204) });
    const sender = createWebhookSender({ ...development, userAgent: 'shop-events/1' });

    const outcome = await sender.post(hookUrl(target.port), event, message([secret]));

    expect(outcome).toStrictEqual({ ok: true, status: 204 });
    const [post] = target.posts;
    expect(verifyPost(secret, post!)).toStrictEqual(event);
    expect(post!.headers).toMatchObject({
      'webhook-id': 'evt_stock_1',
      'x-mcp-subscription-id': 'sub_1',
      'content-type': 'application/json',
      'user-agent': 'shop-events/1',
    });
    expect(() => verifyPost(newSecret(), post!)).toThrow('No matching signature');
  });

  test('a 500 may be retried, and the retry is signed again at its own time', async () => {
    const secret = newSecret();
    let answered = 0;
    const target = await receiver({
      respond: (post, response) => answerWith(answered++ === 0 ? 500 : 200)(post, response),
    });
    const sender = createWebhookSender(development);

    const startedAt: number[] = [];
    const attempt = () => {
      startedAt.push(Math.floor(Date.now() / 1000));
      return sender.post(hookUrl(target.port), event, message([secret]));
    };
    const first = await attempt();
    const second = await attempt();

    expect(first).toStrictEqual({ ok: false, category: 'http_5xx', retry: true, status: 500 });
    expect(second).toStrictEqual({ ok: true, status: 200 });
    target.posts.forEach((post, index) => {
      expect(verifyPost(secret, post)).toStrictEqual(event);
      const signedAt = Number(post.headers['webhook-timestamp']);
      expect(signedAt).toBeGreaterThanOrEqual(startedAt[index]!);
      expect(signedAt).toBeLessThanOrEqual(post.receivedAt);
    });
  });

  test.each([410, 413])('a %i is final for that delivery', async (status) => {
    const target = await receiver({ respond: answerWith(status) });
    const outcome = await createWebhookSender(development).post(
      hookUrl(target.port),
      event,
      message([newSecret()]),
    );
    expect(outcome).toStrictEqual({ ok: false, category: 'http_4xx', retry: false, status });
  });

  test('a redirect is not followed and counts as a failed attempt', async () => {
    const elsewhere = await receiver({ respond: answerWith(200) });
    const target = await receiver({
      respond: answerWith(307, { location: hookUrl(elsewhere.port) }),
    });

    const outcome = await createWebhookSender(development).post(
      hookUrl(target.port),
      event,
      message([newSecret()]),
    );

    expect(outcome).toStrictEqual({ ok: false, category: 'http_4xx', retry: true, status: 307 });
    expect(target.posts).toHaveLength(1);
    expect(elsewhere.posts).toHaveLength(0);
  });

  test('a receiver that never answers times out', async () => {
    const target = await receiver({ respond: () => {} });
    const sender = createWebhookSender({ ...development, timeoutMs: 300 });

    const outcome = await sender.post(hookUrl(target.port), event, message([newSecret()]));

    expect(outcome).toStrictEqual({ ok: false, category: 'timeout', retry: true });
    expect(target.posts).toHaveLength(1);
  });

  test('a receiver that is gone refuses the connection', async () => {
    const port = await findFreePort();
    const outcome = await createWebhookSender(development).post(
      hookUrl(port),
      event,
      message([newSecret()]),
    );
    expect(outcome).toStrictEqual({ ok: false, category: 'connection_refused', retry: true });
  });

  test('during a rotation both secrets sign, so a receiver holding either accepts', async () => {
    const [current, previous] = [newSecret(), newSecret()];
    const target = await receiver({ respond: answerWith(200) });

    await createWebhookSender(development).post(
      hookUrl(target.port),
      event,
      message([current, previous]),
    );

    const [post] = target.posts;
    expect(String(post!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyPost(current, post!)).toStrictEqual(event);
    expect(verifyPost(previous, post!)).toStrictEqual(event);
  });

  test('a body given as JSON text is sent and signed byte for byte', async () => {
    const secret = newSecret();
    const target = await receiver({ respond: answerWith(200) });
    const text = '{"type":"gap","cursor":"c1.x"}';

    await createWebhookSender(development).post(hookUrl(target.port), text, {
      webhookId: 'msg_gap_1',
      subscriptionId: 'sub_1',
      secrets: [secret],
    });

    expect(target.posts[0]!.body).toBe(text);
    expect(verifyPost(secret, target.posts[0]!)).toStrictEqual({ type: 'gap', cursor: 'c1.x' });
  });

  test('refuses to sign without a valid secret, before sending anything', async () => {
    const target = await receiver({ respond: answerWith(200) });
    const sender = createWebhookSender(development);
    for (const secrets of [[], ['whsec_short'], [newSecret(), 'not-a-secret']]) {
      await expect(sender.post(hookUrl(target.port), event, message(secrets))).rejects.toThrow(
        'Cannot sign a webhook: delivery.secret must be "whsec_"',
      );
    }
    expect(target.posts).toHaveLength(0);
  });
});
