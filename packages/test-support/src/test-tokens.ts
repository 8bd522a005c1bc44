import {
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';

/** The signature algorithms the test signers cover. */
export type TestAlgorithm = 'RS256' | 'ES256' | 'EdDSA';

/** How one token is signed: claims beyond the defaults, and lifetimes relative to now. */
export interface SignOptions {
  /** Seconds from now until `exp` (negative: already expired); default 300. */
  expiresInSeconds?: number;
  /** Leave `exp` out: a token that never expires, which servers refuse by default. */
  withoutExp?: boolean;
  /** Replaces the signer's `kid` in the header (a key the server does not know, say). */
  kid?: string;
}

/**
 * A real key pair generated for a test, with its public JWKS and a signer of tokens.
 *
 * @example
 * ```ts
 * const signer = await createTestSigner('ES256');
 * const token = await signer.sign({ sub: 'alice', aud: 'mcp' });
 * ```
 */
export interface TestSigner {
  readonly alg: TestAlgorithm;
  readonly kid: string;
  /** The public key as a JWK (with `kid`, `alg`, `use`). */
  readonly publicJwk: JWK;
  /** `{ keys: [publicJwk] }`. */
  readonly jwks: JSONWebKeySet;
  /** Signs `claims` (plus `iat` and, unless `withoutExp`, `exp`) into a compact JWT. */
  sign(claims: JWTPayload, options?: SignOptions): Promise<string>;
}

/**
 * Generates a key pair with jose and returns its signer.
 *
 * @example
 * ```ts
 * const { jwks, sign } = await createTestSigner('RS256', 'key-1');
 * ```
 */
export async function createTestSigner(
  alg: TestAlgorithm,
  kid = `test-${alg}`,
): Promise<TestSigner> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return {
    alg,
    kid,
    publicJwk,
    jwks: { keys: [publicJwk] },
    sign: (claims, options = {}) =>
      sealed(new SignJWT(claims), { alg, kid: options.kid ?? kid }, options).sign(privateKey),
  };
}

/**
 * Signs an HS256 token with a shared secret.
 *
 * @example
 * ```ts
 * const token = await signWithSecret('x'.repeat(32), { sub: 'alice' });
 * ```
 */
export function signWithSecret(
  secret: string | Uint8Array,
  claims: JWTPayload,
  options: SignOptions = {},
): Promise<string> {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  const header = options.kid === undefined ? { alg: 'HS256' } : { alg: 'HS256', kid: options.kid };
  return sealed(new SignJWT(claims), header, options).sign(key);
}

function sealed(jwt: SignJWT, header: { alg: string; kid?: string }, options: SignOptions) {
  const now = Math.floor(Date.now() / 1000);
  const issued = jwt.setProtectedHeader(header).setIssuedAt(now);
  return options.withoutExp === true
    ? issued
    : issued.setExpirationTime(now + (options.expiresInSeconds ?? 300));
}
