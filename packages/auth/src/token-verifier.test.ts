import { createTestSigner, signWithSecret } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from './token-verifier.js';
import type { TokenVerifierOptions, VerifierLogger } from './token-verifier-options.js';

const SECRET = 'a shared secret of at least 32 bytes';
const RESOURCE = new URL('https://mcp.example.com/mcp');
const quiet: VerifierLogger = { debug: () => {}, warn: () => {} };

function withSecret(overrides: Partial<TokenVerifierOptions> = {}): TokenVerifierOptions {
  return {
    keys: { kind: 'secret', secret: new TextEncoder().encode(SECRET) },
    audience: { kind: 'resource-url' },
    issuer: undefined,
    allowNoExp: false,
    ...overrides,
  };
}

describe('createTokenVerifier', () => {
  it('accepts a token signed with the key set, issued for the resource', async () => {
    const signer = await createTestSigner('ES256');
    const verify = createTokenVerifier(
      { ...withSecret(), keys: { kind: 'jwks', jwks: signer.jwks } },
      quiet,
    );
    const verified = await verify(
      await signer.sign({ sub: 'alice', aud: RESOURCE.href }),
      RESOURCE,
    );
    expect(verified).toMatchObject({ ok: true, claims: { sub: 'alice' } });
  });

  it('refuses a token issued for another audience, naming the claim only', async () => {
    const verify = createTokenVerifier(withSecret(), quiet);
    const token = await signWithSecret(SECRET, { sub: 'alice', aud: 'https://other.example' });
    expect(await verify(token, RESOURCE)).toEqual({
      ok: false,
      description: 'The token audience (aud) is not accepted: it must name this server',
    });
  });

  it('requires exp unless allowNoExp, and refuses an expired token', async () => {
    const claims = { sub: 'alice', aud: RESOURCE.href };
    const endless = await signWithSecret(SECRET, claims, { withoutExp: true });
    expect(await createTokenVerifier(withSecret(), quiet)(endless, RESOURCE)).toEqual({
      ok: false,
      description: 'The token has no expiry (exp); this server requires one',
    });
    const lenient = createTokenVerifier(withSecret({ allowNoExp: true }), quiet);
    expect((await lenient(endless, RESOURCE)).ok).toBe(true);
    const expired = await signWithSecret(SECRET, claims, { expiresInSeconds: -3600 });
    expect(await lenient(expired, RESOURCE)).toEqual({
      ok: false,
      description: 'The token has expired',
    });
  });

  it('checks the issuer when one is set', async () => {
    const verify = createTokenVerifier(
      withSecret({ issuer: ['https://auth.example.com/'] }),
      quiet,
    );
    const token = await signWithSecret(SECRET, {
      sub: 'alice',
      aud: RESOURCE.href,
      iss: 'https://evil.example/',
    });
    expect(await verify(token, RESOURCE)).toEqual({
      ok: false,
      description: 'The token issuer is not accepted',
    });
  });

  it('refuses a token signed with another secret, or one that is no JWT', async () => {
    const verify = createTokenVerifier(withSecret({ audience: { kind: 'any' } }), quiet);
    const forged = await signWithSecret('another secret, also 32 bytes long', { sub: 'mallory' });
    expect(await verify(forged, RESOURCE)).toEqual({
      ok: false,
      description: 'The token signature is invalid',
    });
    expect(await verify('not-a-jwt', RESOURCE)).toEqual({
      ok: false,
      description: 'The token is malformed',
    });
  });
});
