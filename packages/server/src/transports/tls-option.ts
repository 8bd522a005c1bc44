import { createSecureContext } from 'node:tls';
import { describeValue } from '../kernel/describe-value.js';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';

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
 * @throws {InvalidOptionError} naming `tls.cert` / `tls.key`.
 * @example
 * ```ts
 * const tls = resolveTls({ cert, key });
 * ```
 */
export function resolveTls(value: TlsOptions | undefined): TlsOptions | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) {
    throw new InvalidOptionError({
      option: 'tls',
      value,
      expected: 'an object { cert, key } of PEM text',
    });
  }
  for (const part of ['cert', 'key'] as const) checkPem(`tls.${part}`, value[part]);
  try {
    createSecureContext({ cert: value.cert, key: value.key });
  } catch (error) {
    // OpenSSL's reason names the failing step (e.g. "key values mismatch"), not the key.
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw new InvalidOptionError({
      option: 'tls',
      value: '(certificate and key)',
      expected: 'a PEM certificate and its private key',
      sentence: [{ option: 'tls' }, `: the certificate and key cannot be used: ${reason}`],
      cause: error,
    });
  }
  return { cert: value.cert, key: value.key };
}

/** A certificate or key given as PEM text; never named in a message, it may be a private key. */
function checkPem(option: string, given: unknown): void {
  const expected = 'PEM text (string or Buffer)';
  if (given === undefined) {
    const sentence = [
      { option },
      ' is missing: ',
      { option: 'tls' },
      ' needs both a certificate and its key',
    ];
    throw new InvalidOptionError({ option, value: given, expected, sentence });
  }
  if (typeof given !== 'string' && !Buffer.isBuffer(given)) {
    const sentence = [{ option }, ` must be ${expected}, got ${describeValue(given)}`];
    throw new InvalidOptionError({ option, value: typeof given, expected, sentence });
  }
}
