import type { Identity } from '@apcore-mcp/core';
import type { TokenClaims } from './token-verifier-options.js';

/**
 * Which claims name the caller's type and roles.
 *
 * @example
 * ```ts
 * const names: ClaimNames = { typeClaim: 'type', rolesClaim: 'roles' };
 * ```
 */
export interface ClaimNames {
  /** The claim holding the caller's type; a token without it is a `'user'`. */
  readonly typeClaim: string;
  /**
   * The claim holding the roles (`roles` by default). Only this claim is read: a token without
   * it has no roles, never its scopes in their place, unless this names `scope`.
   */
  readonly rolesClaim: string;
}

/** The type of a caller whose token names none. */
const DEFAULT_IDENTITY_TYPE = 'user';

/**
 * The identity a verified token stands for: `id` = `sub`, `type` from the type claim (default
 * `'user'`), `roles` from the roles claim (an array of strings, or a space-separated string like
 * `scope`), `attrs` = every other claim. `undefined` when the token names no subject.
 *
 * @example
 * ```ts
 * identityFromClaims({ sub: 'alice', roles: 'staff', tenant: 'acme' }, { typeClaim: 'type', rolesClaim: 'roles' });
 * // { id: 'alice', type: 'user', roles: ['staff'], attrs: { tenant: 'acme' } }
 * ```
 */
export function identityFromClaims(claims: TokenClaims, names: ClaimNames): Identity | undefined {
  const { sub } = claims;
  if (typeof sub !== 'string' || sub === '') return undefined;
  const typeValue = claims[names.typeClaim];
  const { rolesClaim } = names;
  const mapped = new Set(['sub', names.typeClaim, rolesClaim]);
  const attrs = Object.fromEntries(Object.entries(claims).filter(([name]) => !mapped.has(name)));
  return {
    id: sub,
    type: typeof typeValue === 'string' && typeValue !== '' ? typeValue : DEFAULT_IDENTITY_TYPE,
    roles: readWords(claims[rolesClaim]),
    attrs,
  };
}

/**
 * The scopes a token grants: its `scope` claim, space-separated (RFC 9068), or an array.
 *
 * @example
 * ```ts
 * scopesOf({ scope: 'tools:read tools:call' }); // ['tools:read', 'tools:call']
 * ```
 */
export function scopesOf(claims: TokenClaims): readonly string[] {
  return readWords(claims.scope);
}

function readWords(value: unknown): readonly string[] {
  if (typeof value === 'string') return value.split(' ').filter((word) => word !== '');
  if (Array.isArray(value)) return value.filter((word): word is string => typeof word === 'string');
  return [];
}
