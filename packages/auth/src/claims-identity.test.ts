import { describe, expect, it } from 'vitest';
import { identityFromClaims, scopesOf } from './claims-identity.js';

const DEFAULT_NAMES = { typeClaim: 'type', rolesClaim: 'roles' };

describe('identityFromClaims', () => {
  it('maps sub, type, roles and keeps the other claims as attrs', () => {
    expect(
      identityFromClaims(
        { sub: 'alice', type: 'agent', roles: ['staff'], scope: 'a b', iss: 'https://i' },
        DEFAULT_NAMES,
      ),
    ).toEqual({
      id: 'alice',
      type: 'agent',
      roles: ['staff'],
      attrs: { scope: 'a b', iss: 'https://i' },
    });
  });

  it("gives a token without roles no roles, never its scopes, and the type 'user'", () => {
    expect(identityFromClaims({ sub: 'bob', scope: 'admin write' }, DEFAULT_NAMES)).toEqual({
      id: 'bob',
      type: 'user',
      roles: [],
      attrs: { scope: 'admin write' },
    });
  });

  it('makes the scopes roles when the roles claim is scope', () => {
    const names = { typeClaim: 'type', rolesClaim: 'scope' };
    expect(identityFromClaims({ sub: 'bob', scope: 'read  write' }, names)).toEqual({
      id: 'bob',
      type: 'user',
      roles: ['read', 'write'],
      attrs: {},
    });
  });

  it('reads the configured claims, as a string or an array', () => {
    const names = { typeClaim: 'kind', rolesClaim: 'groups' };
    const identity = identityFromClaims(
      { sub: 'c', kind: 'service', groups: 'ops dev', type: 'ignored', roles: ['kept'] },
      names,
    );
    expect(identity).toEqual({
      id: 'c',
      type: 'service',
      roles: ['ops', 'dev'],
      attrs: { type: 'ignored', roles: ['kept'] },
    });
    expect(identityFromClaims({ sub: 'd', groups: ['x', 3, 'y'] }, names)?.roles).toEqual([
      'x',
      'y',
    ]);
  });

  it('is undefined for a token without a subject', () => {
    expect(identityFromClaims({ scope: 'a' }, DEFAULT_NAMES)).toBeUndefined();
    expect(identityFromClaims({ sub: '' }, DEFAULT_NAMES)).toBeUndefined();
  });
});

describe('scopesOf', () => {
  it('reads a space-separated scope claim or an array', () => {
    expect(scopesOf({ scope: 'a b' })).toEqual(['a', 'b']);
    expect(scopesOf({ scope: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(scopesOf({})).toEqual([]);
  });
});
