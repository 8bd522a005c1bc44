import type { AudienceRule } from './audience-rule.js';

/**
 * One public JSON Web Key (RFC 7517): `kty` and the parameters of its type. A JWK from jose's
 * `exportJWK`, or parsed from a JWKS file, is one.
 *
 * @example
 * ```ts
 * const key: JsonWebKey = { kty: 'EC', crv: 'P-256', x: '...', y: '...', kid: 'key-1' };
 * ```
 */
export interface JsonWebKey {
  kty?: string;
  kid?: string;
  alg?: string;
  use?: string;
  [parameter: string]: unknown;
}

/**
 * A JSON Web Key Set (RFC 7517 §5): `{ keys: [...] }`.
 *
 * @example
 * ```ts
 * const jwks: JsonWebKeySet = { keys: [publicJwk] };
 * ```
 */
export interface JsonWebKeySet {
  readonly keys: readonly JsonWebKey[];
}

/**
 * Where the keys that verify bearer tokens come from: a JSON Web Key Set already loaded, a
 * JWKS URL (fetched, cached, fetched again when a token names an unknown `kid`), or an HS256
 * shared secret of at least 32 bytes.
 *
 * @example
 * ```ts
 * const keys: AuthKeys = { jwksUrl: 'https://auth.example.com/.well-known/jwks.json' };
 * ```
 */
export type AuthKeys =
  | { jwks: JsonWebKeySet; jwksUrl?: never; secret?: never }
  | { jwksUrl: URL | string; jwks?: never; secret?: never }
  | { secret: Uint8Array | string; jwks?: never; jwksUrl?: never };

/**
 * The `auth` option: HTTP requests must carry a bearer JWT (`Authorization: Bearer <token>`),
 * verified with `jose` (HS256, RS256, ES256, EdDSA) by the `@apcore-mcp/auth` package, which
 * must be installed next to the server: a server started with `auth` and without it fails to
 * start (`createMcpHandler` logs it and answers 500). The server acts as an OAuth 2.1 protected
 * resource (RFC 9728, RFC 6750): it answers 401 with a `WWW-Authenticate` challenge pointing at
 * its `/.well-known/oauth-protected-resource` metadata, and 403 `insufficient_scope` for a token
 * lacking a required scope. A token must carry an `exp` and be issued for this server: its `aud`
 * must name the resource URL the metadata announces, unless `audience` names others or
 * `audienceAny` opts out. The token's claims become the call's identity: `id` = `sub`, `type`
 * from `typeClaim` (default `'user'`), `roles` from `rolesClaim` (default `roles`; `'scope'`
 * makes the scopes roles), `attrs` = the other claims.
 *
 * @example
 * ```ts
 * const auth: AuthOptions = {
 *   jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 *   audience: 'https://mcp.example.com/mcp',
 *   issuer: 'https://auth.example.com/',
 *   authorizationServers: ['https://auth.example.com/'],
 *   requiredScopes: ['mcp:tools'],
 * };
 * ```
 */
export type AuthOptions = AuthKeys & {
  /**
   * The `aud` a token must carry (one of these, when several). Default: this server's resource
   * URL, as its protected resource metadata announces it (`resourceUrl`, else the request's).
   */
  audience?: string | readonly string[];
  /**
   * Accept tokens issued for any audience, or none; default false. An explicit opt-out of the
   * audience check (a token minted for another API then works here), logged as a warning.
   */
  audienceAny?: boolean;
  /** Accept tokens without an `exp` claim (they never expire); default false. Logged as a warning. */
  allowNoExp?: boolean;
  /** The `iss` a token must carry (one of these, when several); unchecked when absent. */
  issuer?: string | readonly string[];
  /** Scopes every token must hold (its `scope` claim); else 403 `insufficient_scope`. */
  requiredScopes?: readonly string[];
  /** Listed as `authorization_servers` in the protected resource metadata. */
  authorizationServers?: readonly (URL | string)[];
  /** Listed as `scopes_supported` in the metadata; default `requiredScopes`. */
  scopesSupported?: readonly string[];
  /** The claim naming the caller's type; default `type` (a token without it: `'user'`). */
  typeClaim?: string;
  /**
   * The claim holding the caller's roles (an array, or a space-separated string); default
   * `roles`. `'scope'` makes the token's scopes its roles: never done unless asked, as a scope
   * spelled like an ACL role would otherwise grant that role.
   */
  rolesClaim?: string;
  /**
   * This server's resource URL for the metadata and the challenge; default: the scheme and
   * `Host` of the request and the endpoint path (`/mcp`, or `/sse`).
   */
  resourceUrl?: URL | string;
  /** Put `GET /metrics` behind the same bearer check; default false (scrapers carry no token). */
  protectMetrics?: boolean;
  /** How long a JWKS URL fetch may take, in ms; default 5000. */
  jwksTimeoutMs?: number;
  /**
   * In ms, default 30000: the least time between two JWKS fetches caused by an unknown `kid`,
   * and how long after a failed fetch requests needing one are refused without fetching.
   */
  jwksCooldownMs?: number;
};

/** The keys to verify with, once checked. */
export type ResolvedAuthKeys =
  | { kind: 'jwks'; jwks: JsonWebKeySet }
  | { kind: 'jwks-url'; url: URL; timeoutMs: number; cooldownMs: number }
  | { kind: 'secret'; secret: Uint8Array };

/** {@link AuthOptions} after validation, with every default filled in. */
export interface ResolvedAuth {
  keys: ResolvedAuthKeys;
  audience: AudienceRule;
  issuer: readonly string[] | undefined;
  allowNoExp: boolean;
  requiredScopes: readonly string[];
  authorizationServers: readonly string[];
  scopesSupported: readonly string[];
  typeClaim: string;
  rolesClaim: string;
  resourceUrl: URL | undefined;
  protectMetrics: boolean;
}

/** The shortest HS256 secret accepted, in bytes (RFC 7518 §3.2: at least the hash size). */
export const MIN_SECRET_BYTES = 32;
