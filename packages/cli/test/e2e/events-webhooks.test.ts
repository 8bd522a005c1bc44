import {
  createSelfSignedCert,
  findFreePort,
  postModernRequest,
  type SelfSignedCert,
  startWebhookReceiver,
} from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServeArgs, SERVING_LINE, startCli } from '../helpers/cli-process.js';
import { EVENT_EXTENSION_FILES, newWebhookSecret } from '../helpers/event-wire.js';
import { createTokenFixture, type TokenFixture } from '../helpers/token-fixture.js';

const AUDIENCE = 'https://mcp.example.test/mcp';

describe('apcore-mcp delivering events by webhook', () => {
  let fixture: TokenFixture;
  let cert: SelfSignedCert;

  beforeAll(async () => {
    fixture = await createTokenFixture('events-webhooks', EVENT_EXTENSION_FILES);
    cert = createSelfSignedCert();
  });
  afterAll(async () => {
    cert.remove();
    await fixture.remove();
  });

  it('delivers to an https receiver whose CA it is given, signed for its secret', async () => {
    const secret = newWebhookSecret();
    const receiver = await startWebhookReceiver(secret, { tls: cert });
    const server = startCli(
      httpServeArgs(fixture.extensions, await findFreePort(), [
        ...['--auth-jwks-file', fixture.jwksFile, '--auth-audience', AUDIENCE],
        ...['--auth-authorization-server', 'https://auth.example.test'],
        // The receiver is on this machine; plain http stays refused.
        '--webhook-allow-private',
      ]),
      { env: { NODE_EXTRA_CA_CERTS: cert.certPath } },
    );
    try {
      const [, , url = ''] = await server.waitForStderr(SERVING_LINE);
      const token = await fixture.signer.sign({ sub: 'alice', aud: AUDIENCE });
      const headers = { authorization: `Bearer ${token}` };
      const call = async (method: string, params: Record<string, unknown>) => {
        const { body } = await postModernRequest(url, method, params, { headers });
        if (body.result === undefined) throw new Error(JSON.stringify(body.error));
        return body.result;
      };
      const delivery = { mode: 'webhook', secret };
      const refused = await postModernRequest(
        url,
        'events/subscribe',
        {
          name: 'stock.low',
          delivery: { ...delivery, url: receiver.url.replace('https:', 'http:') },
          cursor: null,
        },
        { headers },
      );
      expect(refused.body.error?.code).toBe(-32602);

      await call('events/subscribe', {
        name: 'stock.low',
        delivery: { ...delivery, url: receiver.url },
        cursor: null,
      });
      const result = await call('tools/call', {
        name: 'stock-report',
        arguments: { sku: 'sku-7', onHand: 2 },
      });
      const { content } = result as { content: { text: string }[] };
      const { eventId } = JSON.parse(content[0]?.text ?? '{}') as { eventId: string };

      const [delivered] = await receiver.waitForDeliveries(1);
      expect(delivered?.verified).toBe(true);
      expect(delivered?.headers['webhook-id']).toBe(eventId);
      expect(delivered?.body).toMatchObject({
        eventId,
        name: 'stock.low',
        data: { sku: 'sku-7', onHand: 2 },
      });
    } finally {
      expect(await server.stop()).toBe(0);
      await receiver.close();
    }
  });
});
