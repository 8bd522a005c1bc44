/**
 * One JSON Web Key (RFC 7517) as it comes in a key set: `kty` and whatever parameters its type
 * has. jose checks the key material when it imports the key.
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
 * A JSON Web Key Set (RFC 7517 §5): the public keys tokens may be signed with.
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
 * Where the keys that verify tokens come from: a key set already loaded, a JWKS URL (fetched on
 * first use, cached, fetched again for an unknown `kid`), or an HS256 shared secret.
 *
 * @example
 * ```ts
 * const keys: TokenKeys = { kind: 'secret', secret: new TextEncoder().encode(secret) };
 * ```
 */
export type TokenKeys =
  | { readonly kind: 'jwks'; readonly jwks: JsonWebKeySet }
  | {
      readonly kind: 'jwks-url';
      readonly url: URL;
      /** How long one fetch of the URL may take, in ms. */
      readonly timeoutMs: number;
      /** The least time between two fetches for an unknown `kid`, and the backoff after a failed one, in ms. */
      readonly cooldownMs: number;
    }
  | { readonly kind: 'secret'; readonly secret: Uint8Array };

/**
 * Which `aud` a token must carry: the resource URL it is presented to (what the MCP
 * authorization spec asks of a server by default), one of listed audiences, or any.
 *
 * @example
 * ```ts
 * const rule: AudienceRule = { kind: 'listed', audiences: ['https://mcp.example.com/mcp'] };
 * ```
 */
export type AudienceRule =
  | { readonly kind: 'resource-url' }
  | { readonly kind: 'listed'; readonly audiences: readonly string[] }
  | { readonly kind: 'any' };

/**
 * What a token is checked against. The server's resolved `auth` option is one as it is.
 *
 * @example
 * ```ts
 * const options: TokenVerifierOptions = {
 *   keys: { kind: 'jwks', jwks },
 *   audience: { kind: 'resource-url' },
 *   issuer: ['https://auth.example.com/'],
 *   allowNoExp: false,
 * };
 * ```
 */
export interface TokenVerifierOptions {
  readonly keys: TokenKeys;
  readonly audience: AudienceRule;
  /** The `iss` a token must carry (one of these); `undefined`: any issuer. */
  readonly issuer: readonly string[] | undefined;
  /** Accept tokens without `exp` (they never expire); else `exp` is required. */
  readonly allowNoExp: boolean;
}

/**
 * Where the verifier reports: a debug line for each refused token (never the token), a warning
 * when the keys could not be had. Any pino-compatible logger is one.
 *
 * @example
 * ```ts
 * const logger: VerifierLogger = { debug: () => {}, warn: console.warn };
 * ```
 */
export interface VerifierLogger {
  debug(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * The claims of a verified token, as its payload names them (`sub`, `scope`, `iss`, ...).
 *
 * @example
 * ```ts
 * const claims: TokenClaims = { sub: 'alice', scope: 'tools:read' };
 * ```
 */
export interface TokenClaims {
  readonly [claim: string]: unknown;
}
