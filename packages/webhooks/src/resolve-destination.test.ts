import { describe, expect, test } from 'vitest';
import { type ResolvedAddress, resolveDestination } from './resolve-destination.js';

const answering =
  (...addresses: string[]) =>
  async (): Promise<ResolvedAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('resolveDestination', () => {
  const url = new URL('https://hooks.example.com/mcp');

  test('pins the first address of a public name', async () => {
    const lookup = answering('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c');
    expect(await resolveDestination(url, { allowPrivate: false, lookup })).toStrictEqual({
      address: '93.184.215.14',
      family: 4,
    });
  });

  test('refuses a name when any of its addresses is private', async () => {
    const lookup = answering('93.184.215.14', '10.0.0.1');
    expect(await resolveDestination(url, { allowPrivate: false, lookup })).toBeUndefined();
  });

  test.each(['127.0.0.1', '::ffff:127.0.0.1', '169.254.169.254', '64:ff9b::a00:1', 'fd00::1'])(
    'refuses a name resolving to %s, unless private addresses are allowed',
    async (address) => {
      const lookup = answering(address);
      expect(await resolveDestination(url, { allowPrivate: false, lookup })).toBeUndefined();
      expect(await resolveDestination(url, { allowPrivate: true, lookup })).toMatchObject({
        address,
      });
    },
  );

  test('a name that does not resolve, or resolves to nothing, is refused', async () => {
    const failing = async () => Promise.reject(new Error('ENOTFOUND'));
    expect(await resolveDestination(url, { allowPrivate: true, lookup: failing })).toBeUndefined();
    expect(
      await resolveDestination(url, { allowPrivate: true, lookup: answering() }),
    ).toBeUndefined();
  });

  test('a literal address is checked without asking the resolver', async () => {
    const lookup = async () => Promise.reject(new Error('not asked'));
    const literal = new URL('https://[::1]:8443/');
    expect(await resolveDestination(literal, { allowPrivate: true, lookup })).toStrictEqual({
      address: '::1',
      family: 6,
    });
    expect(await resolveDestination(literal, { allowPrivate: false, lookup })).toBeUndefined();
  });

  test('plain http reaches only loopback addresses', async () => {
    const http = new URL('http://localhost:9000/');
    const lookup = answering('127.0.0.1', '192.168.1.5');
    expect(await resolveDestination(http, { allowPrivate: true, lookup })).toBeUndefined();
  });
});
