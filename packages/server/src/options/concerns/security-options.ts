import { declareOption } from '../../kernel/option-declaration.js';
import { HTTP_TRANSPORTS } from '../../kernel/transports.js';
import { type CorsOptions, type ResolvedCors, resolveCors } from '../../transports/cors.js';
import { resolveTls, type TlsOptions } from '../../transports/tls-option.js';
import { resolveAllowedHosts, resolveAllowedOrigins } from './read-http-options.js';

type Allowlist = readonly string[] | '*';

/**
 * The security options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * SECURITY_OPTIONS.cors.cli?.map((setting) => setting.key); // ['cors-origins']
 * ```
 */
export const SECURITY_OPTIONS = {
  /** Browser origins allowed on HTTP (exact `scheme://host[:port]`, or `'*'`); default loopback origins. */
  allowedOrigins: declareOption<Allowlist, Allowlist | undefined>({
    expected: "an array of origins like 'https://app.example.com', or '*'",
    defaultValue: undefined,
    transports: HTTP_TRANSPORTS,
    resolve: resolveAllowedOrigins,
    cli: [
      {
        key: 'allowed-origins',
        kind: 'list',
        help: "Browser origins allowed on HTTP (comma-separated, or '*'; default: loopback)",
      },
    ],
  }),
  /** Accepted `Host` headers (DNS-rebinding protection); default loopback names when bound to loopback. */
  allowedHosts: declareOption<Allowlist, Allowlist | undefined>({
    expected: "an array of host names (optionally with ':port'), or '*'",
    defaultValue: undefined,
    transports: HTTP_TRANSPORTS,
    resolve: resolveAllowedHosts,
    cli: [
      {
        key: 'allowed-hosts',
        kind: 'list',
        help: "Host headers allowed on HTTP, name or name:port (comma-separated, or '*'; default: loopback names on a loopback bind)",
      },
    ],
  }),
  /**
   * CORS for browser clients on HTTP: preflights answered, `Mcp-Session-Id` and
   * `WWW-Authenticate` exposed to the listed origins, which the Origin guard then allows too.
   */
  cors: declareOption<CorsOptions, ResolvedCors | undefined>({
    expected: "{ origins: ['https://app.example.com', ...] }",
    defaultValue: undefined,
    transports: HTTP_TRANSPORTS,
    resolve: (value) => resolveCors(value as CorsOptions),
    cli: [
      {
        key: 'cors-origins',
        kind: 'list',
        subKey: 'origins',
        help: 'Browser origins allowed by CORS, preflights answered (comma-separated)',
      },
    ],
  }),
  /**
   * Serve HTTPS with this PEM certificate and key (`startServer`/`serve`; `createMcpHandler`
   * runs inside your server, which owns TLS). Ignored by stdio.
   */
  tls: declareOption<TlsOptions, TlsOptions | undefined>({
    expected: 'an object { cert, key } of PEM text',
    defaultValue: undefined,
    transports: HTTP_TRANSPORTS,
    resolve: (value) => resolveTls(value as TlsOptions),
    cli: [
      {
        key: 'tls-cert',
        kind: 'file',
        subKey: 'cert',
        help: 'Serve HTTPS with this PEM certificate (needs --tls-key)',
      },
      { key: 'tls-key', kind: 'file', subKey: 'key', help: 'The PEM private key of --tls-cert' },
    ],
  }),
};
