import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { formatChallenge, readBearerToken } from './bearer-auth.js';

const withAuthorization = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as IncomingMessage;

describe('readBearerToken', () => {
  it('reads the token of a Bearer header, in any case of the scheme', () => {
    expect(readBearerToken(withAuthorization('Bearer abc.def-ghi_jkl'))).toBe('abc.def-ghi_jkl');
    expect(readBearerToken(withAuthorization('bearer abc=='))).toBe('abc==');
  });

  it('finds no token in other schemes, an empty header or a malformed one', () => {
    expect(readBearerToken(withAuthorization())).toBeUndefined();
    expect(readBearerToken(withAuthorization('Basic dXNlcjpwYXNz'))).toBeUndefined();
    expect(readBearerToken(withAuthorization('Bearer'))).toBeUndefined();
    expect(readBearerToken(withAuthorization('Bearer a b'))).toBeUndefined();
  });
});

describe('formatChallenge', () => {
  it('quotes each auth-param and drops quote characters', () => {
    expect(formatChallenge({ error: 'invalid_token', error_description: 'say "hi"\\' })).toBe(
      'Bearer error="invalid_token", error_description="say hi"',
    );
  });
});
