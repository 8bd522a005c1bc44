import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * A real self-signed certificate for `127.0.0.1` and `localhost`, made with openssl in a temp
 * directory (P-256 key, valid one day).
 *
 * @example
 * ```ts
 * const cert = createSelfSignedCert();
 * try { await startServer(registry, { tls: { cert: cert.cert, key: cert.key } }); } finally { cert.remove(); }
 * ```
 */
export interface SelfSignedCert {
  /** PEM certificate (also its own CA). */
  readonly cert: string;
  /** PEM private key. */
  readonly key: string;
  readonly certPath: string;
  readonly keyPath: string;
  /** Deletes the temp directory. */
  remove(): void;
}

/**
 * Generates a {@link SelfSignedCert} with the `openssl` command.
 *
 * @example
 * ```ts
 * const { cert, key } = createSelfSignedCert();
 * ```
 */
export function createSelfSignedCert(): SelfSignedCert {
  const dir = mkdtempSync(join(tmpdir(), 'apcore-mcp-tls-'));
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
      ...['-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
      ...['-keyout', keyPath, '-out', certPath],
    ],
    { stdio: 'ignore' },
  );
  return {
    cert: readFileSync(certPath, 'utf8'),
    key: readFileSync(keyPath, 'utf8'),
    certPath,
    keyPath,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A `fetch` that trusts `ca` (and nothing else) for HTTPS, for SDK client transports.
 *
 * @example
 * ```ts
 * const transport = new StreamableHTTPClientTransport(url, { fetch: fetchTrusting(cert.cert) });
 * ```
 */
export function fetchTrusting(ca: string): typeof fetch {
  const dispatcher = new Agent({ connect: { ca } });
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;
}
