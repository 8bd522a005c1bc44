import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { createWebhookSender } from '../../src/index.js';
import {
  answerWith,
  echoChallenge,
  type ReceivedPost,
  startReceiver,
  type TestReceiver,
  verifyPost,
} from './receiver.js';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const development = { allowHttpLoopback: true, allowPrivate: true, timeoutMs: 5000 };

let receivers: TestReceiver[] = [];
async function receiver(respond: Parameters<typeof startReceiver>[0]['respond']) {
  const started = await startReceiver({ respond });
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.map((started) => started.close()));
  receivers = [];
});

const hookUrl = (port: number) => `http://127.0.0.1:${port}/hook`;

describe('verify', () => {
  test('succeeds when the receiver echoes the signed challenge', async () => {
    const secret = newSecret();
    const target = await receiver(echoChallenge());

    const outcome = await createWebhookSender(development).verify(
      hookUrl(target.port),
      secret,
      'sub_1',
    );

    expect(outcome).toStrictEqual({ ok: true, status: 200 });
    const [post] = target.posts as [ReceivedPost];
    expect(verifyPost(secret, post)).toStrictEqual({
      type: 'verification',
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(post.headers['webhook-id']).toMatch(/^msg_verification_[0-9a-f]{32}$/);
    expect(post.headers['x-mcp-subscription-id']).toBe('sub_1');
  });

  test('each handshake carries a new challenge', async () => {
    const target = await receiver(echoChallenge());
    const sender = createWebhookSender(development);
    await sender.verify(hookUrl(target.port), newSecret(), 'sub_1');
    await sender.verify(hookUrl(target.port), newSecret(), 'sub_1');
    const [first, second] = target.posts.map((post) => JSON.parse(post.body).challenge);
    expect(first).not.toBe(second);
  });

  test.each([
    ['a wrong challenge', echoChallenge((challenge) => `${challenge}x`)],
    ['no challenge (a plain 200)', answerWith(200)],
    [
      'an error status with the right challenge',
      ((post, response) => {
        response.writeHead(500).end(JSON.stringify({ challenge: JSON.parse(post.body).challenge }));
      }) satisfies Parameters<typeof receiver>[0],
    ],
    [
      'an oversized answer',
      ((_post, response) => {
        response.writeHead(200).end(`{"challenge":"${'a'.repeat(70_000)}"}`);
      }) satisfies Parameters<typeof receiver>[0],
    ],
  ])('fails as challenge_failed with %s', async (_case, respond) => {
    const target = await receiver(respond);
    const outcome = await createWebhookSender(development).verify(
      hookUrl(target.port),
      newSecret(),
      'sub_1',
    );
    expect(outcome).toMatchObject({ ok: false, category: 'challenge_failed', retry: false });
  });
});

describe('the address guard', () => {
  test('refuses a loopback receiver unless private addresses are allowed', async () => {
    const target = await receiver(echoChallenge());
    const url = hookUrl(target.port);
    const guarded = createWebhookSender({ allowHttpLoopback: true });

    expect(await guarded.verify(url, newSecret(), 'sub_1')).toStrictEqual({
      ok: false,
      category: 'connection_refused',
      retry: true,
    });
    expect(target.posts).toHaveLength(0);
    expect(await createWebhookSender(development).verify(url, newSecret(), 'sub_1')).toMatchObject({
      ok: true,
    });
  });

  test('refuses a name that resolves to a private address at send time (DNS rebinding)', async () => {
    const target = await receiver(answerWith(200));
    const lookups: string[] = [];
    const sender = createWebhookSender({
      lookup: async (hostname) => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const url = `https://hooks.example.com:${target.port}/hook`;
    expect(sender.checkUrl(url).ok).toBe(true);

    const outcome = await sender.post(
      url,
      { type: 'gap', cursor: null },
      {
        webhookId: 'msg_gap_1',
        subscriptionId: 'sub_1',
        secrets: [newSecret()],
      },
    );

    expect(outcome).toStrictEqual({ ok: false, category: 'connection_refused', retry: true });
    expect(lookups).toStrictEqual(['hooks.example.com']);
    expect(target.posts).toHaveLength(0);
  });

  test('resolves at every send and connects to the address it checked, Host kept', async () => {
    // Two receivers on one port, on two loopback addresses: only the address tells them apart.
    const first = await startReceiver({ respond: answerWith(200), host: '127.0.0.1' });
    receivers.push(first);
    const second = await startReceiver({
      respond: answerWith(200),
      host: '127.0.0.2',
      port: first.port,
    });
    receivers.push(second);
    const answers = ['127.0.0.1', '127.0.0.2'];
    const sender = createWebhookSender({
      ...development,
      lookup: async () => [{ address: answers.shift()!, family: 4 }],
    });
    const url = `http://hooks.localhost:${first.port}/hook`;
    const message = { webhookId: 'msg_gap_1', subscriptionId: 'sub_1', secrets: [newSecret()] };

    await sender.post(url, { type: 'gap', cursor: null }, message);
    await sender.post(url, { type: 'gap', cursor: null }, message);

    expect(first.posts.map((post) => post.headers.host)).toStrictEqual([
      `hooks.localhost:${first.port}`,
    ]);
    expect(second.posts.map((post) => post.headers.host)).toStrictEqual([
      `hooks.localhost:${first.port}`,
    ]);
  });
});
