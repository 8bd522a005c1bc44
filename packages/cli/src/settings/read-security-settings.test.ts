import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.js';
import { refuseInvalidOptions } from './refuse-invalid-options.js';
import { resolveSettings } from './resolve-settings.js';

const PUBLIC_KEY = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' };
const SECRET = 's'.repeat(40);

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-security-'));
  await writeFile(join(dir, 'jwks.json'), JSON.stringify({ keys: [PUBLIC_KEY] }));
  await writeFile(join(dir, 'secret.txt'), `${SECRET}\n`);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.catch((failure: unknown) => failure);
  if (!CliError.isInstance(error)) throw new Error('expected a CliError');
  return error.details.problems as string[];
}

describe('the security settings', () => {
  it('are undefined when nothing sets them', async () => {
    const { serveOptions } = await resolveSettings({ flags: {}, io: { env: {}, cwd: dir } });
    expect(serveOptions.auth).toBeUndefined();
    expect(serveOptions.cors).toBeUndefined();
    expect(serveOptions.tls).toBeUndefined();
  });

  it('read auth nested in the config file, relative to it, with variables on top', async () => {
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      [
        'auth:',
        '  jwks-file: jwks.json',
        '  audience: mcp',
        '  authorization_server: [https://auth.example.com]',
        '  protectMetrics: true',
        'cors:',
        '  origins: https://app.example.com',
        '',
      ].join('\n'),
    );
    const { serveOptions, sources, values } = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_AUTH_REQUIRED_SCOPES: 'a,b' }, cwd: dir },
    });
    expect(serveOptions.auth).toEqual({
      jwks: { keys: [PUBLIC_KEY] },
      audience: 'mcp',
      authorizationServers: ['https://auth.example.com'],
      requiredScopes: ['a', 'b'],
      protectMetrics: true,
    });
    expect(serveOptions.cors).toEqual({ origins: ['https://app.example.com'] });
    expect(sources['auth-jwks-file']).toEqual({
      kind: 'file',
      path: 'apcore-mcp.yaml',
      writtenKey: 'auth.jwks-file',
    });
    expect(values['auth-jwks-file']).toBe(join(dir, 'jwks.json'));
  });

  it('read the token rules from a flag, a variable and the config file', async () => {
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'auth:\n  audience-any: true\n');
    const { serveOptions } = await resolveSettings({
      flags: { authJwksFile: 'jwks.json', authRolesClaim: 'scope' },
      io: { env: { APCORE_MCP_AUTH_ALLOW_NO_EXP: 'true' }, cwd: dir },
    });
    expect(serveOptions.auth).toEqual({
      jwks: { keys: [PUBLIC_KEY] },
      audienceAny: true,
      allowNoExp: true,
      rolesClaim: 'scope',
    });
  });

  it('leave the token rules to the server when not set, and name the flags of an audience with any', async () => {
    const { serveOptions } = await resolveSettings({
      flags: { authJwksFile: 'jwks.json', authAudienceAny: false },
      io: { env: {}, cwd: dir },
    });
    expect(serveOptions.auth).toEqual({ jwks: { keys: [PUBLIC_KEY] } });
    // The rule is the server's: the CLI names where each value came from.
    const both = await resolveSettings({
      flags: { authJwksFile: 'jwks.json', authAudience: 'mcp' },
      io: { env: { APCORE_MCP_AUTH_AUDIENCE_ANY: '1' }, cwd: dir },
    });
    expect(() => refuseInvalidOptions(both)).toThrow(
      'Give --auth-audience (the accepted audiences) or APCORE_MCP_AUTH_AUDIENCE_ANY (accept any), not both',
    );
  });

  it('read an HS256 secret file as bytes, trimmed', async () => {
    const { serveOptions } = await resolveSettings({
      flags: { authSecretFile: 'secret.txt' },
      io: { env: {}, cwd: dir },
    });
    expect(serveOptions.auth).toEqual({ secret: new TextEncoder().encode(SECRET) });
  });

  it('name an unknown nested key with its group', async () => {
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'auth:\n  jwks-fle: jwks.json\n');
    const problems = await problemsOf(resolveSettings({ flags: {}, io: { env: {}, cwd: dir } }));
    expect(problems).toEqual([
      expect.stringMatching(
        /^unknown key "auth\.jwks-fle" in apcore-mcp\.yaml \(did you mean "auth-jwks-file"\?\)/,
      ),
    ]);
  });

  it('report every problem of the files, one line each', async () => {
    const problems = await problemsOf(
      resolveSettings({
        flags: { authJwksFile: 'missing.json', tlsKey: 'secret.txt', corsOrigins: 'nope' },
        io: { env: {}, cwd: dir },
      }),
    );
    expect(problems).toEqual([
      `--auth-jwks-file: cannot read JWKS file ${join(dir, 'missing.json')} (ENOENT)`,
      '--cors-origins entry "nope" is not an origin like https://app.example.com',
      '--tls-key needs --tls-cert too: HTTPS takes a certificate and its key',
    ]);
  });
});

describe('APCORE_MCP_AUTH_SECRET', () => {
  it('gives the HS256 secret itself, and is refused in a config file', async () => {
    const { serveOptions } = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_AUTH_SECRET: SECRET }, cwd: dir },
    });
    expect(serveOptions.auth).toEqual({ secret: new TextEncoder().encode(SECRET) });
    await writeFile(join(dir, 'apcore-mcp.yaml'), `auth:\n  secret: ${SECRET}\n`);
    const problems = await problemsOf(resolveSettings({ flags: {}, io: { env: {}, cwd: dir } }));
    expect(problems).toEqual([
      '"auth.secret" in apcore-mcp.yaml: a secret does not belong in a config file; set APCORE_MCP_AUTH_SECRET, or "auth-secret-file" to a file holding it',
    ]);
    expect(problems.join('\n')).not.toContain(SECRET);
  });

  it('names the variable, never the value, when it is too short', async () => {
    const problems = await problemsOf(
      resolveSettings({
        flags: {},
        io: { env: { APCORE_MCP_AUTH_SECRET: 'short-one' }, cwd: dir },
      }),
    );
    expect(problems).toEqual([
      'APCORE_MCP_AUTH_SECRET: the secret is 9 bytes; HS256 needs at least 32',
    ]);
  });
});
