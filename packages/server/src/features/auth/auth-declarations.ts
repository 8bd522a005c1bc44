// Who makes each HTTP request: bearer JWTs, or a function of the application's.
import { declareOption } from '../../kernel/option-declaration.js';
import { functionOption } from '../../kernel/primitive-options.js';
import { HTTP_TRANSPORTS } from '../../kernel/transports.js';
import type { AuthOptions, ResolvedAuth } from './auth-options.js';
import type { Authenticate } from './authenticate.js';
import { DEFAULT_ROLES_CLAIM, resolveAuth } from './resolve-auth.js';

/**
 * The authentication options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * AUTH_OPTIONS.auth.cli?.map((setting) => setting.key); // ['auth-jwks-file', ...]
 * ```
 */
export const AUTH_OPTIONS = {
  /**
   * Finds the caller of each HTTP request; `null` answers 401. For API keys or anything custom;
   * for bearer JWTs use `auth`. Giving both is refused.
   */
  authenticate: functionOption<Authenticate>({ transports: HTTP_TRANSPORTS }),
  /**
   * Bearer JWT authentication on HTTP, as an OAuth 2.1 protected resource: keys from a JWKS, a
   * JWKS URL or an HS256 secret; a token must carry `exp` and be issued for this server (`aud` =
   * its resource URL, unless `audience` or `audienceAny` says otherwise); issuer and required
   * scopes checked when set; 401/403 with a `WWW-Authenticate` challenge;
   * `GET /.well-known/oauth-protected-resource[/mcp]` served.
   * The token's claims become the call's identity (`context.identity`). `/health` stays open;
   * `/metrics` too unless `protectMetrics`. Ignored by stdio. See {@link AuthOptions}.
   */
  auth: declareOption<AuthOptions, ResolvedAuth | undefined>({
    expected: 'an object like { jwksUrl, audience }',
    defaultValue: undefined,
    transports: HTTP_TRANSPORTS,
    resolve: (value) => resolveAuth(value as AuthOptions),
    cli: [
      {
        key: 'auth-jwks-file',
        kind: 'file',
        subKey: 'jwks',
        help: 'Require bearer JWTs on HTTP, verified with the public keys of this JWKS file',
      },
      {
        key: 'auth-jwks-url',
        kind: 'url',
        subKey: 'jwksUrl',
        help: 'Require bearer JWTs, verified with the keys of this JWKS URL (cached; refetched for an unknown kid)',
      },
      {
        key: 'auth-secret-file',
        kind: 'secret-file',
        subKey: 'secret',
        help: 'Require HS256 bearer JWTs signed with the secret in this file (32+ bytes)',
      },
      {
        key: 'auth-secret',
        kind: 'secret',
        subKey: 'secret',
        envOnly: true,
        help: 'The HS256 secret itself (32+ bytes)',
      },
      {
        key: 'auth-audience',
        kind: 'text',
        subKey: 'audience',
        help: "The aud a token must carry (default: this server's resource URL, as its protected resource metadata names it)",
      },
      {
        key: 'auth-audience-any',
        kind: 'boolean',
        subKey: 'audienceAny',
        help: 'Accept tokens issued for any audience, not only for this server (logged as a warning)',
      },
      {
        key: 'auth-allow-no-exp',
        kind: 'boolean',
        subKey: 'allowNoExp',
        help: 'Accept tokens without an expiry (exp), which never expire (logged as a warning)',
      },
      {
        key: 'auth-issuer',
        kind: 'text',
        subKey: 'issuer',
        help: 'The iss a token must carry (default: any)',
      },
      {
        key: 'auth-authorization-server',
        kind: 'list',
        subKey: 'authorizationServers',
        help: 'Authorization server URL for the OAuth protected resource metadata (repeatable or comma-separated)',
      },
      {
        key: 'auth-required-scopes',
        kind: 'list',
        subKey: 'requiredScopes',
        help: 'Scopes every token must hold, else 403 insufficient_scope (comma-separated)',
      },
      {
        key: 'auth-roles-claim',
        kind: 'text',
        subKey: 'rolesClaim',
        defaultValue: DEFAULT_ROLES_CLAIM,
        help: "The claim holding the caller's roles; scope makes the token's scopes its roles",
      },
      {
        key: 'auth-type-claim',
        kind: 'text',
        subKey: 'typeClaim',
        help: "The claim naming the caller's type (default: type; none: user)",
      },
      {
        key: 'auth-protect-metrics',
        kind: 'boolean',
        subKey: 'protectMetrics',
        help: 'Put GET /metrics behind the bearer check too',
      },
    ],
  }),
};
