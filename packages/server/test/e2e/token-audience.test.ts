import {
  createTestSigner,
  firstText,
  initializeWithToken,
  type TestSigner,
} from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthOptions } from '../../src/options.js';
import { type IdentityServer, startIdentityServer } from '../helpers/identity-server.js';

const OTHER_API = 'https://api.example.com/orders';

// Which tokens `auth` accepts by default, and the options that widen that, each one explicit.
describe('the audience and expiry a bearer token needs', () => {
  let signer: TestSigner;
  let running: IdentityServer | undefined;

  beforeAll(async () => {
    signer = await createTestSigner('ES256', 'rules-key');
  });

  afterEach(async () => {
    await running?.server.close();
    running = undefined;
  });

  async function start(auth: Partial<AuthOptions> = {}): Promise<IdentityServer> {
    running = await startIdentityServer({ auth: { jwks: signer.jwks, ...auth } as AuthOptions });
    return running;
  }

  it('accepts by default only tokens issued for the resource URL its metadata announces', async () => {
    const { url } = await start();
    const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', url);
    const { resource } = (await (await fetch(metadataUrl)).json()) as { resource: string };
    expect(resource).toBe(url);
    const own = await signer.sign({ sub: 'alice', aud: resource });
    expect((await initializeWithToken(url, own)).status).toBe(200);
    const among = await signer.sign({ sub: 'alice', aud: [OTHER_API, resource] });
    expect((await initializeWithToken(url, among)).status).toBe(200);
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url,
      headers: { authorization: `Bearer ${own}` },
    });
    try {
      expect(JSON.parse(firstText(await client.callTool('who-am-i'))).identity.id).toBe('alice');
    } finally {
      await client.close();
    }
    const forOtherApi = await signer.sign({ sub: 'alice', aud: OTHER_API });
    expect(await initializeWithToken(url, forOtherApi)).toMatchObject({
      status: 401,
      challenge: expect.stringContaining('error="invalid_token"'),
      description: 'The token audience (aud) is not accepted: it must name this server',
    });
    const forNobody = await signer.sign({ sub: 'alice' });
    expect(await initializeWithToken(url, forNobody)).toMatchObject({
      status: 401,
      description: 'The token names no audience (aud); it must be issued for this server',
    });
  });

  it('takes resourceUrl as the audience when set', async () => {
    const resourceUrl = 'https://mcp.example.com/api/mcp';
    const { url } = await start({ resourceUrl });
    const pinned = await signer.sign({ sub: 'alice', aud: resourceUrl });
    expect((await initializeWithToken(url, pinned)).status).toBe(200);
    const forHost = await signer.sign({ sub: 'alice', aud: url });
    expect((await initializeWithToken(url, forHost)).status).toBe(401);
  });

  it('takes audience instead of the resource URL', async () => {
    const { url } = await start({ audience: ['urn:apcore:shop', 'urn:apcore:tests'] });
    const named = await signer.sign({ sub: 'alice', aud: 'urn:apcore:tests' });
    expect((await initializeWithToken(url, named)).status).toBe(200);
    const forResource = await signer.sign({ sub: 'alice', aud: url });
    expect((await initializeWithToken(url, forResource)).status).toBe(401);
  });

  it('accepts any audience only with audienceAny', async () => {
    const strict = await start();
    const forOtherApi = await signer.sign({ sub: 'alice', aud: OTHER_API });
    expect((await initializeWithToken(strict.url, forOtherApi)).status).toBe(401);
    await strict.server.close();
    const { url } = await start({ audienceAny: true });
    expect((await initializeWithToken(url, forOtherApi)).status).toBe(200);
    expect((await initializeWithToken(url, await signer.sign({ sub: 'alice' }))).status).toBe(200);
  });

  it('refuses a token without exp unless allowNoExp', async () => {
    const strict = await start();
    const endless = await signer.sign({ sub: 'alice', aud: strict.url }, { withoutExp: true });
    expect(await initializeWithToken(strict.url, endless)).toMatchObject({
      status: 401,
      description: 'The token has no expiry (exp); this server requires one',
    });
    await strict.server.close();
    const { url } = await start({ allowNoExp: true });
    const endlessHere = await signer.sign({ sub: 'alice', aud: url }, { withoutExp: true });
    expect((await initializeWithToken(url, endlessHere)).status).toBe(200);
    const expired = await signer.sign({ sub: 'alice', aud: url }, { expiresInSeconds: -120 });
    expect((await initializeWithToken(url, expired)).description).toBe('The token has expired');
  });
});
