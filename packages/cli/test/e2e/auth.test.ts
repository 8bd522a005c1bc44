import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createSelfSignedCert,
  fetchTrusting,
  findFreePort,
  firstText,
  type SelfSignedCert,
  signWithSecret,
  type TestSigner,
} from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServeArgs, runCli, startCli } from '../helpers/cli-process.js';
import { createTokenFixture, type TokenFixture, WHOAMI_MODULE } from '../helpers/token-fixture.js';

const AUDIENCE = 'https://mcp.example.com/mcp';
const SECRET = 'a shared HS256 secret, 32+ bytes!!';
const SERVING_AT = /apcore-mcp: serving 1 tool over Streamable HTTP at (https?:\/\/\S+)\n/;

let dir: string;
let extensions: string;
let signer: TestSigner;
let cert: SelfSignedCert;

let fixture: TokenFixture;

beforeAll(async () => {
  fixture = await createTokenFixture('auth', { 'whoami.mjs': WHOAMI_MODULE });
  ({ dir, extensions, signer } = fixture);
  await writeFile(join(dir, 'secret.txt'), `${SECRET}\n`);
  await writeFile(join(dir, 'short-secret.txt'), 'too-short-secret\n');
  await writeFile(join(dir, 'not-json.json'), '{ keys: [');
  const pair = await generateKeyPair('ES256', { extractable: true });
  const privateJwk = await exportJWK(pair.privateKey);
  await writeFile(join(dir, 'private.json'), JSON.stringify({ keys: [privateJwk] }));
  await writeFile(
    join(dir, 'broken-key.json'),
    JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' }] }),
  );
  cert = createSelfSignedCert();
});

afterAll(async () => {
  cert.remove();
  await fixture.remove();
});

describe('apcore-mcp with bearer auth', () => {
  it('serves a caller with a token from --auth-jwks-file, refuses one without', async () => {
    const port = await findFreePort();
    const server = startCli(
      httpServeArgs(extensions, port, [
        '--auth-jwks-file',
        join(dir, 'jwks.json'),
        '--auth-audience',
        AUDIENCE,
        '--auth-authorization-server',
        'https://auth.example.com',
        '--auth-required-scopes',
        'tools:call',
      ]),
    );
    try {
      const [, url] = (await server.waitForStderr(SERVING_AT)) as [string, string];
      const refused = await fetch(url, { method: 'POST' });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('scope="tools:call"');
      const metadata = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', url));
      expect(await metadata.json()).toMatchObject({
        resource: url,
        authorization_servers: ['https://auth.example.com/'],
      });
      const token = await signer.sign({
        sub: 'alice',
        aud: AUDIENCE,
        scope: 'tools:call',
        roles: ['staff'],
      });
      const client = await connectClient({
        era: '2026-07-28',
        transport: 'http',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      try {
        const { identity } = JSON.parse(firstText(await client.callTool('whoami')));
        expect(identity).toMatchObject({ id: 'alice', type: 'user', roles: ['staff'] });
      } finally {
        await client.close();
      }
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });

  it('reads auth nested in the config file, variables, and serves HTTPS with --tls-*', async () => {
    const port = await findFreePort();
    const config = join(dir, 'apcore-mcp.yaml');
    await writeFile(
      config,
      [
        'auth:',
        '  secret-file: secret.txt',
        `  audience: ${AUDIENCE}`,
        'tls:',
        `  cert: ${cert.certPath}`,
        '',
      ].join('\n'),
    );
    const server = startCli(httpServeArgs(extensions, port, ['--config', config]), {
      env: { APCORE_MCP_TLS_KEY: cert.keyPath, APCORE_MCP_AUTH_TYPE_CLAIM: 'kind' },
    });
    try {
      const [, url] = (await server.waitForStderr(SERVING_AT)) as [string, string];
      expect(url).toBe(`https://127.0.0.1:${port}/mcp`);
      const token = await signWithSecret(SECRET, { sub: 'svc', aud: AUDIENCE, kind: 'service' });
      const client = await connectClient({
        era: '2025-11-25',
        transport: 'http',
        url,
        headers: { authorization: `Bearer ${token}` },
        fetch: fetchTrusting(cert.cert),
      });
      try {
        const { identity } = JSON.parse(firstText(await client.callTool('whoami')));
        expect(identity).toMatchObject({ id: 'svc', type: 'service' });
      } finally {
        await client.close();
      }
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });
});

describe('apcore-mcp over stdio with HTTP-only settings', () => {
  it('warns that --auth-* and --tls-* do nothing there, and serves', async () => {
    const server = startCli([
      '--extensions-dir',
      extensions,
      '--auth-jwks-file',
      join(dir, 'jwks.json'),
      '--tls-cert',
      cert.certPath,
      '--tls-key',
      cert.keyPath,
    ]);
    try {
      await server.waitForStderr(/apcore-mcp: serving 1 tool over stdio\n/);
      expect(server.stderr()).toContain(
        '--tls-*, --auth-* apply to --transport streamable-http and sse only; ignored over stdio',
      );
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });
});

describe('apcore-mcp: bad auth, CORS or TLS settings exit 1 with one line', () => {
  const file = (name: string) => join(dir, name);
  it.each([
    [
      'an unreadable JWKS file',
      ['--auth-jwks-file', 'missing.json'],
      /^Error: --auth-jwks-file: cannot read JWKS file .+missing\.json \(ENOENT\)$/,
    ],
    [
      'a JWKS file that is not JSON',
      ['--auth-jwks-file', 'not-json.json'],
      /^Error: --auth-jwks-file: JWKS file .+not-json\.json is not valid JSON$/,
    ],
    [
      'a JWKS holding a private key',
      ['--auth-jwks-file', 'private.json'],
      /^Error: --auth-jwks-file: key 0 in .+private\.json is a private or symmetric key/,
    ],
    [
      'a JWKS key jose cannot import',
      ['--auth-jwks-file', 'broken-key.json'],
      /^Error: --auth-jwks-file: key 0 in .+broken-key\.json is not a valid EC public key$/,
    ],
    [
      'a secret under 32 bytes',
      ['--auth-secret-file', 'short-secret.txt'],
      /^Error: --auth-secret-file: the secret in .+short-secret\.txt is 16 bytes; HS256 needs at least 32$/,
    ],
    [
      'a JWKS URL that is no URL',
      ['--auth-jwks-url', 'not a url'],
      /^Error: --auth-jwks-url must be an http\(s\) URL \(got "not a url"\)$/,
    ],
    [
      'two key sources',
      ['--auth-jwks-file', 'jwks.json', '--auth-secret-file', 'secret.txt'],
      /^Error: --auth-jwks-file and --auth-secret-file are given together/,
    ],
    [
      'an audience without keys',
      ['--auth-audience', 'x'],
      /^Error: --auth-audience needs a key source: --auth-jwks-file, --auth-jwks-url or --auth-secret-file \(or APCORE_MCP_AUTH_SECRET\)$/,
    ],
    [
      'an audience and any audience at once',
      ['--auth-jwks-file', 'jwks.json', '--auth-audience', 'x', '--auth-audience-any'],
      /^Error: Give --auth-audience \(the accepted audiences\) or --auth-audience-any \(accept any\), not both$/,
    ],
    [
      'a bad authorization server',
      ['--auth-jwks-file', 'jwks.json', '--auth-authorization-server', 'nope'],
      /^Error: --auth-authorization-server entry is not a valid URL: 'nope'$/,
    ],
    [
      'a certificate without its key',
      ['--tls-cert', 'jwks.json'],
      /^Error: --tls-cert needs --tls-key too/,
    ],
    [
      'a CORS entry that is no origin',
      ['--cors-origins', 'https://app.example.com/path'],
      /^Error: --cors-origins entry "https:\/\/app\.example\.com\/path" is not an origin/,
    ],
  ])('%s', async (_case, flags, expected) => {
    const args = [
      '--extensions-dir',
      extensions,
      '--transport',
      'streamable-http',
      ...flags.map((flag) => (flag.endsWith('.json') || flag.endsWith('.txt') ? file(flag) : flag)),
    ];
    const result = await runCli(args);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
    expect(result.stderr).not.toContain('too-short-secret');
    expect(result.stderr).not.toContain(SECRET);
  });
});
