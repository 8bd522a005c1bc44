import { randomBytes } from 'node:crypto';
import { createSelfSignedCert, type SelfSignedCert } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWebhookSender } from '../../src/index.js';
import { echoChallenge, startReceiver, type TestReceiver, verifyPost } from './receiver.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
// The certificate names `localhost`: the name is resolved (here by the injected lookup), the
// socket goes to the checked address, and TLS still verifies the certificate against the name.
const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];

describe('https receivers', () => {
  let cert: SelfSignedCert;
  let target: TestReceiver;
  beforeAll(async () => {
    cert = createSelfSignedCert();
    target = await startReceiver({ respond: echoChallenge(), tls: cert });
  });
  afterAll(async () => {
    await target?.close();
    cert?.remove();
  });

  test('verify and deliver over TLS to a receiver whose certificate is trusted', async () => {
    const sender = createWebhookSender({ allowPrivate: true, lookup: toLoopback, ca: cert.cert });
    const url = `https://localhost:${target.port}/hook`;

    expect(await sender.verify(url, secret, 'sub_1')).toStrictEqual({ ok: true, status: 200 });
    const posted = await sender.post(
      url,
      { type: 'verification', challenge: 'again' },
      {
        webhookId: 'msg_verification_1',
        subscriptionId: 'sub_1',
        secrets: [secret],
      },
    );

    expect(posted).toStrictEqual({ ok: true, status: 200 });
    expect(target.posts.map((post) => post.headers.host)).toStrictEqual([
      `localhost:${target.port}`,
      `localhost:${target.port}`,
    ]);
    expect(verifyPost(secret, target.posts[1]!)).toStrictEqual({
      type: 'verification',
      challenge: 'again',
    });
  });

  test('an untrusted certificate is a tls_error, and nothing is sent', async () => {
    const sender = createWebhookSender({ allowPrivate: true, lookup: toLoopback });
    const before = target.posts.length;

    const outcome = await sender.verify(`https://localhost:${target.port}/hook`, secret, 'sub_1');

    expect(outcome).toStrictEqual({ ok: false, category: 'tls_error', retry: true });
    expect(target.posts).toHaveLength(before);
  });

  test('a certificate for another name is a tls_error', async () => {
    const sender = createWebhookSender({
      allowPrivate: true,
      lookup: toLoopback,
      ca: cert.cert,
    });
    const outcome = await sender.verify(
      `https://hooks.example.com:${target.port}/`,
      secret,
      'sub_1',
    );
    expect(outcome).toStrictEqual({ ok: false, category: 'tls_error', retry: true });
  });
});
