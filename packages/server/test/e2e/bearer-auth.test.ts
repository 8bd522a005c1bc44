import {
  createTestSigner,
  firstText,
  signWithSecret,
  type TestSigner,
} from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServeOptions } from '../../src/options/serve-options.js';
import { INITIALIZE_REQUEST, MCP_POST_HEADERS } from '../helpers/clients.js';
import { type IdentityServer, startIdentityServer } from '../helpers/identity-server.js';

const AUDIENCE = 'https://mcp.example.com/mcp';
const ISSUER = 'https://auth.example.com/';
const ERAS: readonly ClientEra[] = ['2025-11-25', '2026-07-28'];

/** A raw initialize POST with these headers: what a client sees before any SDK logic. */
function postInitialize(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, ...headers },
    body: JSON.stringify(INITIALIZE_REQUEST),
  });
}

describe('bearer JWT authentication (auth option)', () => {
  let signer: TestSigner;
  let running: IdentityServer | undefined;

  beforeAll(async () => {
    signer = await createTestSigner('RS256', 'rsa-1');
  });

  afterEach(async () => {
    await running?.server.close();
    running = undefined;
  });

  async function start(auth: Partial<NonNullable<ServeOptions['auth']>> = {}): Promise<string> {
    running = await startIdentityServer({
      auth: {
        jwks: signer.jwks,
        audience: AUDIENCE,
        issuer: ISSUER,
        authorizationServers: [ISSUER],
        ...auth,
      } as ServeOptions['auth'],
    });
    return running.url;
  }

  const good = (claims: Record<string, unknown> = {}, options = {}) =>
    signer.sign({ sub: 'alice', aud: AUDIENCE, iss: ISSUER, ...claims }, options);

  it('answers a request without a token 401 naming the resource metadata', async () => {
    const url = await start({ requiredScopes: ['tools:call'] });
    const response = await postInitialize(url);
    expect(response.status).toBe(401);
    const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', url).href;
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer scope="tools:call", resource_metadata="${metadataUrl}"`,
    );
    expect(await response.json()).toMatchObject({
      error: { message: expect.stringContaining('bearer token is required') },
    });
  });

  it.each([
    ['expired', () => good({}, { expiresInSeconds: -120 }), 'The token has expired'],
    [
      'for another audience',
      () => good({ aud: 'https://other.example.com' }),
      'The token audience (aud) is not accepted: it must name this server',
    ],
    [
      'naming no audience',
      () => signer.sign({ sub: 'alice', iss: ISSUER }),
      'The token names no audience (aud); it must be issued for this server',
    ],
    [
      'without an expiry',
      () => good({}, { withoutExp: true }),
      'The token has no expiry (exp); this server requires one',
    ],
    [
      'from another issuer',
      () => good({ iss: 'https://evil.example.com/' }),
      'The token issuer is not accepted',
    ],
    [
      'signed by another key',
      async () =>
        (await createTestSigner('RS256', 'rsa-1')).sign({
          sub: 'alice',
          aud: AUDIENCE,
          iss: ISSUER,
        }),
      'The token signature is invalid',
    ],
    [
      'naming an unknown key',
      () => good({}, { kid: 'rsa-unknown' }),
      'No known key matches the token',
    ],
    [
      'without a subject',
      () => signer.sign({ aud: AUDIENCE, iss: ISSUER }),
      'The token names no subject (sub)',
    ],
    ['not a JWT at all', async () => 'not.a.jwt', 'The token is malformed'],
  ])('refuses a token %s with 401 invalid_token', async (_case, makeToken, description) => {
    const url = await start();
    const token = await makeToken();
    const response = await postInitialize(url, { authorization: `Bearer ${token}` });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain(`error_description="${description}"`);
    expect(challenge).toContain('resource_metadata="');
    const body = await response.text();
    expect(body).not.toContain(token);
    expect(challenge).not.toContain(token);
    expect(JSON.stringify(running?.logger.entries)).not.toContain(token);
  });

  it('accepts a token within the 30 s clock skew', async () => {
    const url = await start();
    const response = await postInitialize(url, {
      authorization: `Bearer ${await good({}, { expiresInSeconds: -10 })}`,
    });
    expect(response.status).toBe(200);
  });

  it('answers a token lacking a required scope 403 insufficient_scope', async () => {
    const url = await start({ requiredScopes: ['tools:call', 'tools:list'] });
    const response = await postInitialize(url, {
      authorization: `Bearer ${await good({ scope: 'tools:list' })}`,
    });
    expect(response.status).toBe(403);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer error="insufficient_scope", /);
    expect(challenge).toContain('scope="tools:call tools:list"');
    const allowed = await postInitialize(url, {
      authorization: `Bearer ${await good({ scope: 'tools:list tools:call extra' })}`,
    });
    expect(allowed.status).toBe(200);
  });

  for (const era of ERAS) {
    it(`hands the token's identity to the module (${era})`, async () => {
      const url = await start({ typeClaim: 'kind' });
      const token = await good({ kind: 'service', roles: ['staff', 'admin'], tenant: 'acme' });
      const client = await connectClient({
        era,
        transport: 'http',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      try {
        expect((await client.listTools()).map((tool) => tool.name)).toEqual(['who-am-i']);
        const result = await client.callTool('who-am-i');
        const { identity } = JSON.parse(firstText(result)) as { identity: Record<string, unknown> };
        expect(identity).toMatchObject({
          id: 'alice',
          type: 'service',
          roles: ['staff', 'admin'],
          attrs: { tenant: 'acme', aud: AUDIENCE, iss: ISSUER },
        });
        expect(identity.attrs).not.toHaveProperty('sub');
        expect(identity.attrs).not.toHaveProperty('kind');
      } finally {
        await client.close();
      }
    });

    it(`refuses a client without a token (${era})`, async () => {
      const url = await start();
      await expect(connectClient({ era, transport: 'http', url })).rejects.toThrow();
    });
  }

  it('reads roles from rolesClaim when set', async () => {
    const url = await start({ rolesClaim: 'groups' });
    const token = await good({ groups: 'ops dev', scope: 'tools:call' });
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    try {
      const { identity } = JSON.parse(firstText(await client.callTool('who-am-i'))) as {
        identity: { type: string; roles: string[]; attrs: Record<string, unknown> };
      };
      expect(identity.type).toBe('user');
      expect(identity.roles).toEqual(['ops', 'dev']);
      expect(identity.attrs.scope).toBe('tools:call');
    } finally {
      await client.close();
    }
  });

  it.each(['ES256', 'EdDSA'] as const)('verifies %s tokens from a JWKS', async (alg) => {
    signer = await createTestSigner(alg, `key-${alg}`);
    const url = await start();
    const response = await postInitialize(url, { authorization: `Bearer ${await good()}` });
    expect(response.status).toBe(200);
  });

  it('verifies HS256 tokens with a shared secret', async () => {
    const secret = 'an HS256 secret of at least 32 bytes!';
    running = await startIdentityServer({ auth: { secret, audience: AUDIENCE } });
    const token = await signWithSecret(secret, { sub: 'bob', aud: AUDIENCE });
    const accepted = await postInitialize(running.url, { authorization: `Bearer ${token}` });
    expect(accepted.status).toBe(200);
    const forged = await signWithSecret('another secret of at least 32 bytes!!', {
      sub: 'bob',
      aud: AUDIENCE,
    });
    const refused = await postInitialize(running.url, { authorization: `Bearer ${forged}` });
    expect(refused.status).toBe(401);
  });
});
