import { createTestSigner, type TestSigner } from '@apcore-mcp/test-support';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthOptions } from '../../src/options.js';
import { type IdentityServer, startIdentityServer } from '../helpers/identity-server.js';

const EACH_REQUEST =
  "the resource URL of each request (its scheme, Host and endpoint path, as in the request's " +
  'protected resource metadata)';

// An operator reads from the startup log which tokens the server accepts, and every check an
// option turned off, without working the defaults out.
describe('the token rules in the startup log', () => {
  let signer: TestSigner;
  let running: IdentityServer | undefined;

  beforeAll(async () => {
    signer = await createTestSigner('ES256', 'log-key');
  });

  afterEach(async () => {
    await running?.server.close();
    running = undefined;
  });

  async function logOf(auth: Partial<AuthOptions> = {}) {
    running = await startIdentityServer({ auth: { jwks: signer.jwks, ...auth } as AuthOptions });
    return { infos: running.logger.messages('info'), warnings: running.logger.warnings() };
  }

  it('names the defaults: the resource URL, any issuer, exp required, the roles claim', async () => {
    const { infos, warnings } = await logOf();
    expect(infos).toContainEqual(
      `Bearer tokens: audience: ${EACH_REQUEST}; issuer: any; exp: required; roles: the "roles" claim`,
    );
    expect(warnings).toEqual([]);
  });

  it('names the configured resource URL, audiences, issuers and roles claim', async () => {
    const pinned = await logOf({
      resourceUrl: 'https://mcp.example.com/api/mcp',
      issuer: ['https://a.example.com/', 'https://b.example.com/'],
      rolesClaim: 'scope',
    });
    expect(pinned.infos).toContainEqual(
      'Bearer tokens: audience: the resource URL https://mcp.example.com/api/mcp; issuer: ' +
        'https://a.example.com/, https://b.example.com/; exp: required; roles: the "scope" claim',
    );
    await running?.server.close();
    const listed = await logOf({ audience: ['urn:apcore:shop', 'urn:apcore:tests'] });
    expect(listed.infos).toContainEqual(
      expect.stringContaining('audience: one of urn:apcore:shop, urn:apcore:tests; issuer: any;'),
    );
  });

  it('warns about audienceAny and allowNoExp', async () => {
    const { infos, warnings } = await logOf({ audienceAny: true, allowNoExp: true });
    expect(infos).toContainEqual(
      'Bearer tokens: audience: any; issuer: any; exp: optional; roles: the "roles" claim',
    );
    expect(warnings).toEqual([
      expect.stringContaining('bearer tokens issued for any audience are accepted'),
      expect.stringContaining('bearer tokens without an expiry (exp) are accepted'),
    ]);
  });
});
