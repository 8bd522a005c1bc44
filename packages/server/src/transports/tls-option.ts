import { createSecureContext } from 'node:tls';
import { describe } from '../lifecycle/read-option.js';

/**
 * The `tls` option: serve HTTPS with this certificate (chain) and private key, both PEM.
 *
 * @example
 * ```ts
 * const tls: TlsOptions = { cert: readFileSync('cert.pem'), key: readFileSync('key.pem') };
 * ```
 */
export interface TlsOptions {
  /** The PEM certificate, followed by any intermediate certificates. */
  cert: string | Buffer;
  /** The PEM private key of the certificate. */
  key: string | Buffer;
}

/**
 * Checks the `tls` option by loading it the way the HTTPS server will, so a bad certificate or
 * a key that does not match fails before anything listens; `undefined` when absent. Messages
 * never hold key material.
 *
 * @throws {TypeError | RangeError} naming `tls.cert` / `tls.key`.
 * @example
 * ```ts
 * const tls = resolveTls({ cert, key });
 * ```
 */
export function resolveTls(value: TlsOptions | undefined): TlsOptions | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(`tls must be an object { cert, key } of PEM text, got ${describe(value)}`);
  }
  for (const part of ['cert', 'key'] as const) {
    const given: unknown = value[part];
    if (given === undefined) {
      throw new RangeError(`tls.${part} is missing: tls needs both a certificate and its key`);
    }
    if (typeof given !== 'string' && !Buffer.isBuffer(given)) {
      throw new TypeError(
        `tls.${part} must be PEM text (string or Buffer), got ${describe(given)}`,
      );
    }
  }
  try {
    createSecureContext({ cert: value.cert, key: value.key });
  } catch (error) {
    // OpenSSL's reason names the failing step (e.g. "key values mismatch"), not the key.
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw new RangeError(`tls: the certificate and key cannot be used: ${reason}`);
  }
  return { cert: value.cert, key: value.key };
}
