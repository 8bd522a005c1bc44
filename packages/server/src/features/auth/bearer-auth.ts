import type { IncomingMessage } from 'node:http';
import type { Identity } from '@apcore-mcp/core';
import { loadOptionalPackage } from '../../kernel/load-optional-package.js';
import type { Logger } from '../../kernel/logger.js';
import type { ResolvedAuth } from './auth-options.js';
import { logTokenRules } from './log-token-rules.js';
import { metadataUrlOf, resourceUrlOf } from './protected-resource.js';

/** The package that verifies tokens (with jose) and reads their claims. */
type AuthPackage = typeof import('@apcore-mcp/auth');

/** Checks a token; see `createTokenVerifier` of `@apcore-mcp/auth`. */
type TokenVerifier = ReturnType<AuthPackage['createTokenVerifier']>;

/**
 * What the bearer check decided: the caller, or the refusal to send (status, the
 * `WWW-Authenticate` challenge, and a message for the JSON-RPC error body).
 */
export type AuthDecision =
  | { ok: true; identity: Identity }
  | { ok: false; status: 401 | 403; challenge: string; message: string };

/** Verifies the bearer token of HTTP requests against the `auth` option. */
export interface BearerAuth {
  readonly options: ResolvedAuth;
  /**
   * Loads `@apcore-mcp/auth` now rather than with the first token, so that a server started
   * without it fails before it serves (jose itself still loads with the first token).
   *
   * @throws {MissingPackageError} when `@apcore-mcp/auth` is not installed.
   */
  preload(): Promise<void>;
  /** Decides one request; `endpointPath` names the resource it addresses (`/mcp`, `/sse`). */
  authorize(request: IncomingMessage, endpointPath: string): Promise<AuthDecision>;
}

/**
 * Builds the bearer check of the `auth` option (RFC 6750 challenges, MCP authorization spec):
 * no token -> 401 naming the metadata; a refused token (not issued for this resource, no `exp`,
 * expired, ...) -> 401 `invalid_token`; a token without a subject -> 401 `invalid_token`; a
 * token lacking a required scope -> 403 `insufficient_scope`. Logs the token rules it applies.
 *
 * @example
 * ```ts
 * const bearer = createBearerAuth(resolveAuth({ jwks })!, logger);
 * const decision = await bearer.authorize(request, '/mcp');
 * ```
 */
export function createBearerAuth(options: ResolvedAuth, logger: Logger): BearerAuth {
  const load = lazyTokenCheck(options, logger);
  logTokenRules(options, logger);
  return {
    options,
    preload: () => load().then(() => undefined),
    async authorize(request, endpointPath) {
      const resource = resourceUrlOf(request, endpointPath, options);
      const metadataUrl = metadataUrlOf(resource).href;
      const refuse = (status: 401 | 403, params: Record<string, string>, message: string) => ({
        ok: false as const,
        status,
        challenge: formatChallenge({ ...params, resource_metadata: metadataUrl }),
        message,
      });
      const required = options.requiredScopes;
      const scope: Record<string, string> =
        required.length === 0 ? {} : { scope: required.join(' ') };
      const token = readBearerToken(request);
      if (token === undefined) {
        return refuse(401, scope, 'Unauthorized: a bearer token is required');
      }
      const { verify, identityFromClaims, scopesOf } = await load();
      const verified = await verify(token, resource);
      if (!verified.ok) {
        const error = { error: 'invalid_token', error_description: verified.description };
        return refuse(401, error, `Unauthorized: ${verified.description}`);
      }
      const identity = identityFromClaims(verified.claims, options);
      if (identity === undefined) {
        const description = 'The token names no subject (sub)';
        return refuse(
          401,
          { error: 'invalid_token', error_description: description },
          `Unauthorized: ${description}`,
        );
      }
      const granted = new Set(scopesOf(verified.claims));
      if (required.some((needed) => !granted.has(needed))) {
        const description = `The token lacks a required scope (${required.join(' ')})`;
        const error = { error: 'insufficient_scope', error_description: description, ...scope };
        return refuse(403, error, `Forbidden: ${description}`);
      }
      return { ok: true, identity };
    },
  };
}

/** What the check uses of `@apcore-mcp/auth`: the verifier for `auth`, the claim readers. */
type TokenCheck = Pick<AuthPackage, 'identityFromClaims' | 'scopesOf'> & { verify: TokenVerifier };

/**
 * Loads `@apcore-mcp/auth` once, with the first token (or `preload`): a server without `auth`
 * never loads it. Missing, it fails with a `MissingPackageError` naming it.
 */
function lazyTokenCheck(options: ResolvedAuth, logger: Logger): () => Promise<TokenCheck> {
  let loading: Promise<TokenCheck> | undefined;
  const loadPackage = () =>
    loadOptionalPackage('@apcore-mcp/auth', 'the auth option', () => import('@apcore-mcp/auth'));
  return () =>
    (loading ??= loadPackage().then(({ createTokenVerifier, identityFromClaims, scopesOf }) => ({
      verify: createTokenVerifier(options, logger),
      identityFromClaims,
      scopesOf,
    })));
}

/** The token of an `Authorization: Bearer <token>` header; `undefined` for anything else. */
export function readBearerToken(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return match?.[1];
}

/**
 * A `WWW-Authenticate: Bearer` challenge (RFC 6750 §3) from auth-params whose values hold no
 * `"` or `\` (ours never do).
 *
 * @example
 * ```ts
 * formatChallenge({ error: 'invalid_token' }); // 'Bearer error="invalid_token"'
 * ```
 */
export function formatChallenge(params: Record<string, string>): string {
  // Not the SDK's bearerAuthChallengeResponse: it answers a fetch Response with an OAuth error
  // body and puts `error="invalid_token"` in every challenge, a missing token's included (RFC
  // 6750 wants none there); ours answer Node responses with JSON-RPC error bodies.
  const pairs = Object.entries(params).map(
    ([name, value]) => `${name}="${value.replace(/["\\]/g, '')}"`,
  );
  return `Bearer ${pairs.join(', ')}`;
}
