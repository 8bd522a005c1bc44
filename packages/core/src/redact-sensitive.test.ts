import { describe, expect, it } from 'vitest';
import { text } from './content/result-helpers.js';
import { REDACTED_VALUE, redactOutput, redactSensitive } from './redact-sensitive.js';

const secret = { type: 'string', 'x-sensitive': true };
const R = REDACTED_VALUE;

describe('redactSensitive', () => {
  it("uses the apcore contract's placeholder", () => {
    expect(REDACTED_VALUE).toBe('***REDACTED***');
  });

  it('masks flat properties marked x-sensitive and keeps the others', () => {
    const schema = { type: 'object', properties: { user: { type: 'string' }, password: secret } };
    expect(redactSensitive({ user: 'ann', password: 'hunter2' }, schema)).toEqual({
      user: 'ann',
      password: REDACTED_VALUE,
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
    expect(redactSensitive({ payment: { card: { number: '4111' }, amount: 5 } }, schema)).toEqual({
      payment: { card: R, amount: 5 },
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
    expect(redactSensitive(args, schema)).toEqual({
      users: [{ name: 'a', token: R }, { name: 'b' }],
      pair: ['visible', R],
      headers: { authorization: R },
      env: { SECRET_KEY: R, HOME: '/home' },
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
      redactSensitive(
        { login: { name: 'n', password: 'p' }, legacy: 'k', merged: { pin: '1234', note: 'ok' } },
        schema,
      ),
    ).toEqual({
      login: { name: 'n', password: R },
      legacy: R,
      merged: { pin: R, note: 'ok' },
    });
  });

  it('keeps unmarked values without a schema, and for a self-referencing one stops safely', () => {
    expect(redactSensitive({ password: 'p' }, undefined)).toEqual({ password: 'p' });
    const cyclic = { $ref: '#' };
    expect(redactSensitive({ a: 1 }, cyclic)).toEqual({ a: 1 });
  });

  it('never modifies the arguments, and keeps a __proto__ key as data', () => {
    const schema = { type: 'object', properties: { password: secret } };
    const args = JSON.parse('{"password":"p","__proto__":{"polluted":true}}') as Record<
      string,
      unknown
    >;
    const masked = redactSensitive(args, schema) as Record<string, unknown>;
    expect(args.password).toBe('p');
    expect(masked.password).toBe(R);
    expect(Object.hasOwn(masked, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('redacts every key starting with _secret_, at any depth, with or without a schema', () => {
    const schema = { type: 'object', properties: { _secret_key: { type: 'integer' } } };
    const output = {
      _secret_key: 42,
      nested: { list: [{ _secret_token: 't', name: 'n' }], _secret_: { deep: 1 } },
      secret_not_prefixed: 'kept',
    };
    const expected = {
      _secret_key: R,
      nested: { list: [{ _secret_token: R, name: 'n' }], _secret_: R },
      secret_not_prefixed: 'kept',
    };
    expect(redactSensitive(output, schema)).toEqual(expected);
    expect(redactSensitive(output, undefined)).toEqual(expected);
  });

  it('redacts behind a $ref whose sibling marks it, and inside anyOf and oneOf branches', () => {
    const schema = {
      type: 'object',
      properties: {
        card: { $ref: '#/$defs/card', 'x-sensitive': true },
        either: { anyOf: [{ type: 'integer', 'x-sensitive': true }, { type: 'null' }] },
        one: { oneOf: [{ type: 'object', properties: { pin: secret } }] },
      },
      $defs: { card: { type: 'object', properties: { number: { type: 'string' } } } },
    };
    expect(
      redactSensitive({ card: { number: '4111' }, either: 7, one: { pin: '1234', x: 1 } }, schema),
    ).toEqual({ card: R, either: R, one: { pin: R, x: 1 } });
  });

  it('redacts a value nested deeper than it walks whole, rather than let a secret through', () => {
    let deep: Record<string, unknown> = { _secret_key: 'k' };
    for (let level = 0; level < 300; level += 1) deep = { next: deep };
    let node: unknown = redactSensitive(deep, undefined);
    let levels = 0;
    while (typeof node === 'object' && node !== null && 'next' in node) {
      node = (node as { next: unknown }).next;
      levels += 1;
    }
    expect(node).toBe(R);
    expect(levels).toBeLessThan(300);
  });

  it('keeps primitives, null and arrays of primitives as they are', () => {
    expect(redactSensitive('text', undefined)).toBe('text');
    expect(redactSensitive(null, { type: 'null' })).toBeNull();
    expect(redactSensitive([1, 'a'], { type: 'array' })).toEqual([1, 'a']);
  });

  // The two cases of the apcore contract's output redaction fixture (F-038), as it pins them.
  it('masks a token marked x-sensitive and leaves its unmarked sibling untouched', () => {
    const schema = {
      type: 'object',
      properties: {
        token: { type: 'string', 'x-sensitive': true },
        expires_at: { type: 'string' },
      },
    };
    expect(
      redactSensitive(
        { token: 'secret-jwt-token-123', expires_at: '2026-04-06T12:00:00Z' },
        schema,
      ),
    ).toEqual({ token: '***REDACTED***', expires_at: '2026-04-06T12:00:00Z' });
  });

  it('leaves unmarked fields alone with an empty schema', () => {
    const output = { expires_at: '2026-04-06T12:00:00Z', harmless: 'public-value' };
    expect(redactSensitive(output, {})).toEqual(output);
  });
});

describe('redactOutput', () => {
  it('redacts the JSON-safe copy of an output, as it will be sent', () => {
    const schema = {
      type: 'object',
      properties: { pin: { type: 'integer', 'x-sensitive': true } },
    };
    expect(redactOutput({ at: new Date(0), pin: 1234, tags: new Set(['a']) }, schema)).toEqual({
      at: '1970-01-01T00:00:00.000Z',
      pin: R,
      tags: ['a'],
    });
  });

  it('passes a content answer as it is', () => {
    const answer = text('_secret_ in prose is not a key');
    expect(redactOutput(answer, { type: 'object', 'x-sensitive': true })).toBe(answer);
  });
});
