import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  findFreePort,
  firstText,
  initializeWithToken,
  type TestSigner,
} from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServeArgs, type ServerProcess, startCli } from '../helpers/cli-process.js';
import { createTokenFixture, type TokenFixture, WHOAMI_MODULE } from '../helpers/token-fixture.js';

const OTHER_API = 'https://api.example.com/orders';
const SERVING_AT = /apcore-mcp: serving 1 tool over Streamable HTTP at (http:\/\/\S+)\n/;

/** Only callers holding the admin role may call `whoami`. */
const ADMIN_ONLY_ACL = [
  'default_effect: deny',
  'rules:',
  '  - callers: ["*"]',
  '    targets: ["whoami"]',
  '    effect: allow',
  '    conditions:',
  '      roles: [admin]',
  '',
].join('\n');

let fixture: TokenFixture;
let dir: string;
let extensions: string;
let signer: TestSigner;

beforeAll(async () => {
  fixture = await createTokenFixture('token-rules', { 'whoami.mjs': WHOAMI_MODULE });
  ({ dir, extensions, signer } = fixture);
  await writeFile(join(dir, 'acl.yaml'), ADMIN_ONLY_ACL);
});

afterAll(() => fixture.remove());

/** Serves the `whoami` module behind `--auth-jwks-file` and `flags`; resolves once it listens. */
async function serve(flags: readonly string[]): Promise<{ server: ServerProcess; url: string }> {
  const args = ['--auth-jwks-file', join(dir, 'jwks.json'), ...flags];
  const server = startCli(httpServeArgs(extensions, await findFreePort(), args));
  try {
    const [, url] = (await server.waitForStderr(SERVING_AT)) as [string, string];
    return { server, url };
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
}

/** The messages the server logged at pino `level` (30 info, 40 warn) on stderr. */
function logged(server: ServerProcess, level: 30 | 40): string[] {
  return server
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((record) => record.level === level)
    .map((record) => record.msg);
}

/** Calls `whoami` with `token` through a real SDK client. */
async function callWhoami(url: string, token: string) {
  const client = await connectClient({
    era: '2026-07-28',
    transport: 'http',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  try {
    return await client.callTool('whoami');
  } finally {
    await client.close();
  }
}

describe('apcore-mcp bearer token rules', () => {
  it('by default takes only tokens for its resource URL, with exp, and no scopes as roles', async () => {
    const { server, url } = await serve(['--acl', join(dir, 'acl.yaml')]);
    try {
      expect(logged(server, 30)).toContainEqual(
        expect.stringMatching(
          /^Bearer tokens: audience: the resource URL of each request .*; issuer: any; exp: required; roles: the "roles" claim$/,
        ),
      );
      expect(logged(server, 40)).toEqual([]);
      const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', url);
      expect(await (await fetch(metadataUrl)).json()).toMatchObject({ resource: url });
      const forOtherApi = await signer.sign({ sub: 'alice', aud: OTHER_API, roles: ['admin'] });
      expect(await initializeWithToken(url, forOtherApi)).toMatchObject({
        status: 401,
        description: 'The token audience (aud) is not accepted: it must name this server',
      });
      const endless = await signer.sign(
        { sub: 'alice', aud: url, roles: ['admin'] },
        { withoutExp: true },
      );
      expect(await initializeWithToken(url, endless)).toMatchObject({
        status: 401,
        description: 'The token has no expiry (exp); this server requires one',
      });
      const admin = await signer.sign({ sub: 'alice', aud: url, roles: ['admin'] });
      expect(JSON.parse(firstText(await callWhoami(url, admin))).identity.roles).toEqual(['admin']);
      // A scope spelled like the role grants nothing: the ACL refuses the call.
      const scopedOnly = await signer.sign({ sub: 'bob', aud: url, scope: 'admin' });
      const denied = await callWhoami(url, scopedOnly);
      expect(denied.isError).toBe(true);
      expect(firstText(denied)).toBe('Access denied');
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });

  it('takes any audience, no exp and scopes as roles only when told, and warns', async () => {
    const { server, url } = await serve([
      '--acl',
      join(dir, 'acl.yaml'),
      '--auth-audience-any',
      '--auth-allow-no-exp',
      '--auth-roles-claim',
      'scope',
    ]);
    try {
      expect(logged(server, 30)).toContainEqual(
        'Bearer tokens: audience: any; issuer: any; exp: optional; roles: the "scope" claim',
      );
      expect(logged(server, 40)).toEqual([
        expect.stringContaining('tokens issued for any audience are accepted'),
        expect.stringContaining('tokens without an expiry (exp) are accepted'),
      ]);
      const token = await signer.sign(
        { sub: 'bob', aud: OTHER_API, scope: 'admin' },
        { withoutExp: true },
      );
      const result = await callWhoami(url, token);
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(firstText(result)).identity).toMatchObject({ id: 'bob', roles: ['admin'] });
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });

  it('takes --auth-audience instead of the resource URL', async () => {
    const { server, url } = await serve(['--auth-audience', 'urn:apcore:shop']);
    try {
      expect(logged(server, 30)).toContainEqual(
        expect.stringContaining('Bearer tokens: audience: urn:apcore:shop; issuer: any;'),
      );
      const named = await signer.sign({ sub: 'alice', aud: 'urn:apcore:shop' });
      expect((await initializeWithToken(url, named)).status).toBe(200);
      const forResource = await signer.sign({ sub: 'alice', aud: url });
      expect((await initializeWithToken(url, forResource)).status).toBe(401);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });
});
