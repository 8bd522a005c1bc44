import { createTestSigner, firstText, type TestSigner } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthOptions } from '../../src/options.js';
import { type IdentityServer, startIdentityServer } from '../helpers/identity-server.js';

const ERAS: readonly ClientEra[] = ['2025-11-25', '2026-07-28'];

// A scope spelled like an ACL role must not grant that role unless the deployment says so.
describe.each(ERAS)('the roles of a bearer token, %s client', (era) => {
  let signer: TestSigner;
  let running: IdentityServer | undefined;

  beforeAll(async () => {
    signer = await createTestSigner('ES256', 'roles-key');
  });

  afterEach(async () => {
    await running?.server.close();
    running = undefined;
  });

  /** The roles the module sees for a token with `claims`, on a server with `auth`. */
  async function rolesFor(claims: Record<string, unknown>, auth: Partial<AuthOptions> = {}) {
    running = await startIdentityServer({ auth: { jwks: signer.jwks, ...auth } as AuthOptions });
    const token = await signer.sign({ sub: 'alice', aud: running.url, ...claims });
    const client = await connectClient({
      era,
      transport: 'http',
      url: running.url,
      headers: { authorization: `Bearer ${token}` },
    });
    try {
      return JSON.parse(firstText(await client.callTool('who-am-i'))).identity.roles;
    } finally {
      await client.close();
    }
  }

  it('come from the roles claim only: scopes are not roles by default', async () => {
    expect(await rolesFor({ scope: 'admin' })).toEqual([]);
  });

  it('come from the roles claim when the token has one, whatever its scopes', async () => {
    expect(await rolesFor({ roles: ['staff'], scope: 'admin' })).toEqual(['staff']);
  });

  it('are the scopes when rolesClaim is scope', async () => {
    expect(await rolesFor({ scope: 'admin', roles: ['staff'] }, { rolesClaim: 'scope' })).toEqual([
      'admin',
    ]);
  });
});
