import type { JSONWebKeySet, JWTVerifyGetKey, JWTVerifyOptions } from 'jose';
import { acceptedAudiences } from './accepted-audiences.js';
import { createBackoffFetch, isJwksCoolingDown } from './jwks-fetch-backoff.js';
import type {
  TokenClaims,
  TokenVerifierOptions,
  VerifierLogger,
} from './token-verifier-options.js';

type Jose = typeof import('jose');

/** The clock skew allowed when checking `exp` and `nbf`, in seconds. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** The algorithms accepted with a key set: the asymmetric ones (jose v6 also names EdDSA Ed25519). */
const ASYMMETRIC_ALGORITHMS = ['RS256', 'ES256', 'EdDSA', 'Ed25519'];

/**
 * A verified token's claims, or why the token was refused (safe to show the client).
 *
 * @example
 * ```ts
 * const verified: VerifiedToken = await verify(token, resource);
 * if (!verified.ok) refuse(401, verified.description);
 * ```
 */
export type VerifiedToken = { ok: true; claims: TokenClaims } | { ok: false; description: string };

/**
 * Checks a bearer token addressed to `resource` (the resource URL of the request): signature,
 * `exp` (required unless `allowNoExp`) and `nbf` with 30 s skew, the audience rule, the issuer
 * when set.
 *
 * @example
 * ```ts
 * const verify: TokenVerifier = createTokenVerifier(options, logger);
 * ```
 */
export type TokenVerifier = (token: string, resource: URL) => Promise<VerifiedToken>;

/**
 * Builds the verifier for the configured keys. A JWKS URL is fetched on first use, cached, and
 * fetched again when a token names a `kid` the cache lacks (at most once per cooldown); a fetch
 * that fails or times out refuses that request (401) and logs a warning, and requests needing
 * a fetch within the cooldown after it are refused without one. `jose` is loaded with the first
 * token, so a server that never sees one never loads it.
 *
 * @example
 * ```ts
 * const verify = createTokenVerifier(
 *   { keys: { kind: 'secret', secret }, audience: { kind: 'any' }, issuer: undefined, allowNoExp: false },
 *   logger,
 * );
 * const verified = await verify(token, new URL('https://mcp.example.com/mcp'));
 * ```
 */
export function createTokenVerifier(
  auth: TokenVerifierOptions,
  logger: VerifierLogger,
): TokenVerifier {
  let loading: Promise<Jose & ReturnType<typeof createKeySource>> | undefined;
  const load = () =>
    (loading ??= import('jose').then((jose) => ({ ...jose, ...createKeySource(jose, auth) })));
  return async (token, resource) => {
    const audience = acceptedAudiences(auth.audience, resource);
    try {
      const { jwtVerify, key, algorithms } = await load();
      const options: JWTVerifyOptions = {
        algorithms,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        ...(auth.allowNoExp ? {} : { requiredClaims: ['exp'] }),
        ...(auth.issuer === undefined ? {} : { issuer: [...auth.issuer] }),
        ...(audience === undefined ? {} : { audience }),
      };
      const { payload } =
        typeof key === 'function'
          ? await jwtVerify(token, key, options)
          : await jwtVerify(token, key, options);
      return { ok: true, claims: payload };
    } catch (error) {
      const description = describeRejection(error);
      if (description === undefined) {
        logKeysUnavailable(error, auth, logger);
        return { ok: false, description: 'The token could not be verified right now' };
      }
      logger.debug({ reason: description }, 'Bearer token refused');
      return { ok: false, description };
    }
  };
}

function createKeySource(
  jose: Jose,
  auth: TokenVerifierOptions,
): {
  key: JWTVerifyGetKey | Uint8Array;
  algorithms: string[];
} {
  const { keys } = auth;
  if (keys.kind === 'secret') return { key: keys.secret, algorithms: ['HS256'] };
  if (keys.kind === 'jwks') {
    // jose checks each key's material as it imports it; the set's shape was checked by the caller.
    const jwks = keys.jwks as JSONWebKeySet;
    return { key: jose.createLocalJWKSet(jwks), algorithms: ASYMMETRIC_ALGORITHMS };
  }
  return {
    key: jose.createRemoteJWKSet(keys.url, {
      timeoutDuration: keys.timeoutMs,
      cooldownDuration: keys.cooldownMs,
      [jose.customFetch]: createBackoffFetch(keys.cooldownMs),
    }),
    algorithms: ASYMMETRIC_ALGORITHMS,
  };
}

/** A failed fetch is worth a warning; a refusal while backing off from one only a debug line. */
function logKeysUnavailable(
  error: unknown,
  auth: TokenVerifierOptions,
  logger: VerifierLogger,
): void {
  const jwksUrl = auth.keys.kind === 'jwks-url' ? auth.keys.url.href : undefined;
  if (isJwksCoolingDown(error)) {
    logger.debug({ jwksUrl }, 'The JWKS URL failed recently; bearer token refused without a fetch');
    return;
  }
  logger.warn(
    { err: error, jwksUrl },
    'Could not get the keys to verify a bearer token; request refused',
  );
}

/**
 * Why jose refused a token, in words fit for `error_description` (no token, no key material);
 * `undefined` when the keys could not be had (a JWKS fetch failed): not the token's fault.
 */
function describeRejection(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'The token has expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return describeClaimFailure(error as { claim?: unknown; reason?: unknown });
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'The token signature is invalid';
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return 'No known key matches the token';
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return 'The token algorithm is not accepted';
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
    case 'ERR_JWK_INVALID':
      return 'The token is malformed';
    default:
      return undefined;
  }
}

/** A claim jose found missing (`reason: 'missing'`) or wrong, in words naming the claim only. */
function describeClaimFailure(failure: { claim?: unknown; reason?: unknown }): string {
  const { claim } = failure;
  if (failure.reason === 'missing') {
    if (claim === 'exp') return 'The token has no expiry (exp); this server requires one';
    if (claim === 'aud')
      return 'The token names no audience (aud); it must be issued for this server';
    if (claim === 'iss') return 'The token names no issuer (iss)';
  }
  if (claim === 'aud') return 'The token audience (aud) is not accepted: it must name this server';
  if (claim === 'iss') return 'The token issuer is not accepted';
  if (claim === 'nbf') return 'The token is not valid yet';
  return 'The token claims are invalid';
}
