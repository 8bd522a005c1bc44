import { describe, expect, it } from 'vitest';
import type { AuthOptions } from './auth-options.js';
import { resolveAuth } from './resolve-auth.js';

const SECRET = 'x'.repeat(32);
const PUBLIC_KEY = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' };

describe('resolveAuth', () => {
  it('is undefined when absent and fills the defaults', () => {
    expect(resolveAuth(undefined)).toBeUndefined();
    expect(resolveAuth({ secret: SECRET })).toEqual({
      keys: { kind: 'secret', secret: new TextEncoder().encode(SECRET) },
      audience: { kind: 'resource-url' },
      issuer: undefined,
      allowNoExp: false,
      requiredScopes: [],
      authorizationServers: [],
      scopesSupported: [],
      typeClaim: 'type',
      rolesClaim: 'roles',
      resourceUrl: undefined,
      protectMetrics: false,
    });
  });

  it('reads a JWKS URL with its timeout and cooldown, and normalizes URLs', () => {
    const auth = resolveAuth({
      jwksUrl: 'https://auth.example.com/jwks',
      jwksTimeoutMs: 1000,
      audience: 'mcp',
      issuer: ['https://a.example.com', 'https://b.example.com'],
      authorizationServers: ['https://auth.example.com'],
      requiredScopes: ['tools:call'],
    });
    expect(auth?.keys).toEqual({
      kind: 'jwks-url',
      url: new URL('https://auth.example.com/jwks'),
      timeoutMs: 1000,
      cooldownMs: 30_000,
    });
    expect(auth?.audience).toEqual({ kind: 'listed', audiences: ['mcp'] });
    expect(auth?.issuer).toHaveLength(2);
    expect(auth?.authorizationServers).toEqual(['https://auth.example.com/']);
    expect(auth?.scopesSupported).toEqual(['tools:call']);
  });

  it('waives the audience check only when audienceAny says so, and reads allowNoExp', () => {
    const auth = resolveAuth({ secret: SECRET, audienceAny: true, allowNoExp: true });
    expect(auth?.audience).toEqual({ kind: 'any' });
    expect(auth?.allowNoExp).toBe(true);
    expect(resolveAuth({ secret: SECRET, audienceAny: false })?.audience).toEqual({
      kind: 'resource-url',
    });
  });

  it.each<[string, unknown, RegExp]>([
    ['no key source', {}, /exactly one key source: jwks, jwksUrl or secret \(got none\)/],
    [
      'two key sources',
      { secret: SECRET, jwksUrl: 'https://x.example.com' },
      /got jwksUrl and secret/,
    ],
    ['a short secret', { secret: 'short' }, /at least 32 bytes for HS256, got 5$/],
    [
      'a secret of the wrong type',
      { secret: 42 },
      /auth\.secret must be a string or a Uint8Array, got number 42/,
    ],
    ['a JWKS without keys', { jwks: { keys: [] } }, /auth\.jwks holds no keys/],
    ['a JWKS that is no key set', { jwks: { nope: true } }, /"keys" array/],
    [
      'a private key in the JWKS',
      { jwks: { keys: [{ ...PUBLIC_KEY, d: 'secret-part' }] } },
      /private or symmetric/,
    ],
    ['a JWKS URL that is no URL', { jwksUrl: 'not a url' }, /auth\.jwksUrl is not a valid URL/],
    ['a non-http JWKS URL', { jwksUrl: 'file:///etc/jwks.json' }, /must be an http\(s\) URL/],
    [
      'a scope with a space',
      { secret: SECRET, requiredScopes: ['a b'] },
      /not a valid scope token/,
    ],
    [
      'an empty audience',
      { secret: SECRET, audience: '' },
      /auth\.audience must be a non-empty string/,
    ],
    [
      'an audience with audienceAny',
      { secret: SECRET, audience: 'mcp', audienceAny: true },
      /Give auth\.audience .* or auth\.audienceAny .*, not both/,
    ],
    [
      'a non-boolean audienceAny',
      { secret: SECRET, audienceAny: 'yes' },
      /auth\.audienceAny must be a boolean/,
    ],
    [
      'a non-boolean allowNoExp',
      { secret: SECRET, allowNoExp: 1 },
      /auth\.allowNoExp must be a boolean/,
    ],
    [
      'an empty roles claim',
      { secret: SECRET, rolesClaim: '' },
      /auth\.rolesClaim must be a claim/,
    ],
    ['an unknown option', { secret: SECRET, audiences: ['x'] }, /Unknown auth option 'audiences'/],
    [
      'a bad authorization server',
      { secret: SECRET, authorizationServers: ['nope'] },
      /authorizationServers entry is not a valid URL/,
    ],
  ])('refuses %s', (_case, value, message) => {
    expect(() => resolveAuth(value as AuthOptions)).toThrow(message);
  });

  it('never puts the secret in its messages', () => {
    const secret = 'hunter2-hunter2';
    expect(() => resolveAuth({ secret })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(secret) }),
    );
  });

  it('accepts public keys', () => {
    expect(resolveAuth({ jwks: { keys: [PUBLIC_KEY] } })?.keys.kind).toBe('jwks');
  });
});
