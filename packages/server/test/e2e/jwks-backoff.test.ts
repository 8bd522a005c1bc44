import { createTestSigner, initializeWithToken, type TestSigner } from '@apcore-mcp/test-support';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type IdentityServer, startIdentityServer } from '../helpers/identity-server.js';
import { type JwksServer, serveJwks } from '../helpers/jwks-server.js';

const UNVERIFIABLE = 'The token could not be verified right now';
const FETCH_FAILED = 'Could not get the keys to verify a bearer token';
const REFUSED = { status: 401, description: UNVERIFIABLE };

// A JWKS URL that is down must not be fetched once per request: the server backs off for the
// cooldown, then tries once more.
describe('a JWKS URL that is down', () => {
  let signer: TestSigner;
  let jwks: JwksServer | undefined;
  let running: IdentityServer | undefined;

  beforeAll(async () => {
    signer = await createTestSigner('ES256', 'backoff-key');
  });

  afterEach(async () => {
    await running?.server.close();
    await jwks?.close();
    running = undefined;
    jwks = undefined;
  });

  async function start(jwksCooldownMs?: number): Promise<{ url: string; token: string }> {
    jwks = await serveJwks(signer.jwks);
    running = await startIdentityServer({
      auth: { jwksUrl: jwks.url, ...(jwksCooldownMs === undefined ? {} : { jwksCooldownMs }) },
    });
    return { url: running.url, token: await signer.sign({ sub: 'alice', aud: running.url }) };
  }

  it('is fetched once for any number of requests within the 30 s cooldown', async () => {
    const { url, token } = await start();
    jwks?.fail();
    for (let request = 0; request < 8; request += 1) {
      expect(await initializeWithToken(url, token)).toMatchObject(REFUSED);
    }
    expect(jwks?.fetches).toBe(1);
    expect(running?.logger.warnings().filter((line) => line.includes(FETCH_FAILED))).toHaveLength(
      1,
    );
  });

  it('is fetched again once the cooldown is over, and verifies from then on', async () => {
    const cooldownMs = 4000;
    const { url, token } = await start(cooldownMs);
    await jwks?.stop();
    expect(await initializeWithToken(url, token)).toMatchObject(REFUSED);
    const failedAt = performance.now();
    await jwks?.restart();
    // Back up, but within the cooldown nobody asks it.
    expect(await initializeWithToken(url, token)).toMatchObject(REFUSED);
    expect(jwks?.fetches).toBe(0);
    await vi.waitFor(async () => expect((await initializeWithToken(url, token)).status).toBe(200), {
      timeout: 30_000,
      interval: 250,
    });
    expect(performance.now() - failedAt).toBeGreaterThanOrEqual(cooldownMs);
    expect(jwks?.fetches).toBe(1);
    // The keys are cached: with the JWKS URL down again, known tokens still verify.
    await jwks?.stop();
    expect((await initializeWithToken(url, token)).status).toBe(200);
    expect(jwks?.fetches).toBe(1);
  });
});
