import type { SettingSpec } from './setting-specs.js';

/** The keys of the settings that secure HTTP: bearer auth, CORS, TLS. */
export type SecuritySettingKey =
  | 'auth-jwks-file'
  | 'auth-jwks-url'
  | 'auth-secret-file'
  | 'auth-secret'
  | 'auth-audience'
  | 'auth-audience-any'
  | 'auth-allow-no-exp'
  | 'auth-issuer'
  | 'auth-authorization-server'
  | 'auth-required-scopes'
  | 'auth-roles-claim'
  | 'auth-type-claim'
  | 'auth-protect-metrics'
  | 'cors-origins'
  | 'tls-cert'
  | 'tls-key';

/**
 * The settings that secure the HTTP transports, in `--help` order. In a config file they may
 * also be nested: `auth: { jwks-file: keys.json }`, `cors: { origins: [...] }`,
 * `tls: { cert: ..., key: ... }`.
 *
 * @example
 * ```ts
 * SECURITY_SETTING_SPECS.map((spec) => spec.key); // ['auth-jwks-file', ...]
 * ```
 */
export const SECURITY_SETTING_SPECS: readonly SettingSpec[] = [
  {
    key: 'auth-jwks-file',
    kind: 'file',
    description: 'Require bearer JWTs on HTTP, verified with the public keys of this JWKS file',
  },
  {
    key: 'auth-jwks-url',
    kind: 'url',
    description:
      'Require bearer JWTs, verified with the keys of this JWKS URL (cached; refetched for an unknown kid)',
  },
  {
    key: 'auth-secret-file',
    kind: 'secret-file',
    description: 'Require HS256 bearer JWTs signed with the secret in this file (32+ bytes)',
  },
  {
    key: 'auth-secret',
    kind: 'secret',
    description: 'The HS256 secret itself (32+ bytes)',
    envOnly: true,
  },
  {
    key: 'auth-audience',
    kind: 'text',
    description:
      "The aud a token must carry (default: this server's resource URL, as its protected resource metadata names it)",
  },
  {
    key: 'auth-audience-any',
    kind: 'boolean',
    defaultValue: false,
    description:
      'Accept tokens issued for any audience, not only for this server (logged as a warning)',
  },
  {
    key: 'auth-allow-no-exp',
    kind: 'boolean',
    defaultValue: false,
    description: 'Accept tokens without an expiry (exp), which never expire (logged as a warning)',
  },
  { key: 'auth-issuer', kind: 'text', description: 'The iss a token must carry (default: any)' },
  {
    key: 'auth-authorization-server',
    kind: 'list',
    description:
      'Authorization server URL for the OAuth protected resource metadata (repeatable or comma-separated)',
  },
  {
    key: 'auth-required-scopes',
    kind: 'list',
    description: 'Scopes every token must hold, else 403 insufficient_scope (comma-separated)',
  },
  {
    key: 'auth-roles-claim',
    kind: 'text',
    defaultValue: 'roles',
    description: "The claim holding the caller's roles; scope makes the token's scopes its roles",
  },
  {
    key: 'auth-type-claim',
    kind: 'text',
    description: "The claim naming the caller's type (default: type; none: user)",
  },
  {
    key: 'auth-protect-metrics',
    kind: 'boolean',
    defaultValue: false,
    description: 'Put GET /metrics behind the bearer check too',
  },
  {
    key: 'cors-origins',
    kind: 'list',
    description: 'Browser origins allowed by CORS, preflights answered (comma-separated)',
  },
  {
    key: 'tls-cert',
    kind: 'file',
    description: 'Serve HTTPS with this PEM certificate (needs --tls-key)',
  },
  { key: 'tls-key', kind: 'file', description: 'The PEM private key of --tls-cert' },
].map((spec) => ({ ...spec, serveOnly: true }) as SettingSpec);
