import { describe, expect, it } from 'vitest';
import { MASKED_VALUE, maskSensitive } from './mask-sensitive.js';

const secret = { type: 'string', 'x-sensitive': true };

describe('maskSensitive', () => {
  it('masks flat properties marked x-sensitive and keeps the others', () => {
    const schema = { type: 'object', properties: { user: { type: 'string' }, password: secret } };
    expect(maskSensitive({ user: 'ann', password: 'hunter2' }, schema)).toEqual({
      user: 'ann',
      password: MASKED_VALUE,
    });
  });

  it('masks nested objects and whole sensitive objects', () => {
    const schema = {
      type: 'object',
      properties: {
        payment: {
          type: 'object',
          properties: { card: { type: 'object', 'x-sensitive': true }, amount: { type: 'number' } },
        },
      },
    };
    expect(maskSensitive({ payment: { card: { number: '4111' }, amount: 5 } }, schema)).toEqual({
      payment: { card: '***', amount: 5 },
    });
  });

  it('masks inside arrays of objects, tuples and additionalProperties', () => {
    const schema = {
      type: 'object',
      properties: {
        users: { type: 'array', items: { type: 'object', properties: { token: secret } } },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, secret] },
        headers: { type: 'object', additionalProperties: secret },
        env: { type: 'object', patternProperties: { '^SECRET_': secret } },
      },
    };
    const args = {
      users: [{ name: 'a', token: 't1' }, { name: 'b' }],
      pair: ['visible', 'hidden'],
      headers: { authorization: 'Bearer x' },
      env: { SECRET_KEY: 'k', HOME: '/home' },
    };
    expect(maskSensitive(args, schema)).toEqual({
      users: [{ name: 'a', token: '***' }, { name: 'b' }],
      pair: ['visible', '***'],
      headers: { authorization: '***' },
      env: { SECRET_KEY: '***', HOME: '/home' },
    });
  });

  it('follows local $ref into $defs and definitions, and allOf branches', () => {
    const schema = {
      type: 'object',
      properties: {
        login: { $ref: '#/$defs/login' },
        legacy: { $ref: '#/definitions/key' },
        merged: { allOf: [{ properties: { pin: secret } }, { properties: { note: {} } }] },
      },
      $defs: { login: { type: 'object', properties: { password: secret } } },
      definitions: { key: secret },
    };
    expect(
      maskSensitive(
        { login: { name: 'n', password: 'p' }, legacy: 'k', merged: { pin: '1234', note: 'ok' } },
        schema,
      ),
    ).toEqual({
      login: { name: 'n', password: '***' },
      legacy: '***',
      merged: { pin: '***', note: 'ok' },
    });
  });

  it('keeps everything without a schema, and for a self-referencing one stops safely', () => {
    expect(maskSensitive({ password: 'p' }, undefined)).toEqual({ password: 'p' });
    const cyclic = { $ref: '#' };
    expect(maskSensitive({ a: 1 }, cyclic)).toEqual({ a: 1 });
  });

  it('never modifies the arguments, and keeps a __proto__ key as data', () => {
    const schema = { type: 'object', properties: { password: secret } };
    const args = JSON.parse('{"password":"p","__proto__":{"polluted":true}}') as Record<
      string,
      unknown
    >;
    const masked = maskSensitive(args, schema) as Record<string, unknown>;
    expect(args.password).toBe('p');
    expect(masked.password).toBe('***');
    expect(Object.hasOwn(masked, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
