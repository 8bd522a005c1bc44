import { describe, expect, test } from 'vitest';
import { checkCallbackUrl } from './callback-url.js';

const strict = { allowHttpLoopback: false, allowPrivate: false };
const development = { allowHttpLoopback: true, allowPrivate: true };

describe('checkCallbackUrl', () => {
  test('accepts a public https URL and keeps it as parsed', () => {
    const checked = checkCallbackUrl('https://hooks.example.com:8443/mcp?x=1', strict);
    expect(checked.ok && checked.url.href).toBe('https://hooks.example.com:8443/mcp?x=1');
  });

  test.each([
    ['http to a public host', 'http://hooks.example.com/mcp', strict, 'must use https'],
    [
      'http to a public host, even in development',
      'http://hooks.example.com/',
      development,
      'only to a loopback host',
    ],
    ['http to loopback without the option', 'http://127.0.0.1:9000/', strict, 'must use https'],
    ['another scheme', 'ftp://hooks.example.com/', development, 'must use https'],
    ['a relative URL', '/hooks', strict, 'not an absolute URL'],
    ['a user name', 'https://user@hooks.example.com/', strict, 'user name or password'],
    ['a password', 'https://user:secret@hooks.example.com/', development, 'user name or password'],
    ['a private literal', 'https://10.0.0.8/hook', strict, 'public address'],
    ['the metadata address', 'https://169.254.169.254/latest', strict, 'public address'],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/', strict, 'public address'],
    ['a NAT64 private address', 'https://[64:ff9b::a00:1]/', strict, 'public address'],
    ['a unique local address', 'https://[fd00::1]/', strict, 'public address'],
    ['the unspecified address', 'https://0.0.0.0/', strict, 'public address'],
    ['localhost over https', 'https://localhost/', strict, 'public address'],
    ['a long URL', `https://hooks.example.com/${'a'.repeat(2048)}`, strict, 'longer than'],
  ])('refuses %s', (_case, url, rules, reason) => {
    const checked = checkCallbackUrl(url, rules);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.reason).toContain(reason);
  });

  test.each([
    'http://127.0.0.1:9000/hook',
    'http://localhost:9000/hook',
    'http://api.localhost/hook',
    'http://[::1]:9000/hook',
    'https://10.0.0.8/hook',
  ])('allows %s with both development options', (url) => {
    expect(checkCallbackUrl(url, development).ok).toBe(true);
  });

  test('http to loopback still needs the private-address option', () => {
    const checked = checkCallbackUrl('http://127.0.0.1:9000/', {
      allowHttpLoopback: true,
      allowPrivate: false,
    });
    expect(!checked.ok && checked.reason).toContain('public address');
  });
});
