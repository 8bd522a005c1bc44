import { readFile } from 'node:fs/promises';
import type { JSONWebKeySet } from 'jose';

/** The algorithm a key is checked with when it names none (the JWKS may leave `alg` out). */
const DEFAULT_ALGORITHMS: Record<string, string> = { RSA: 'RS256', EC: 'ES256', OKP: 'EdDSA' };

/**
 * Reads a JWKS file and checks that every key in it is a public signature key jose can import,
 * so a bad file fails at start with one line, not on the first request. Returns the key set,
 * or the problem (naming `label` and the file, never key material).
 *
 * @example
 * ```ts
 * const jwks = await readJwksFile('/etc/apcore/jwks.json', '--auth-jwks-file');
 * if (typeof jwks === 'string') problems.push(jwks);
 * ```
 */
export async function readJwksFile(path: string, label: string): Promise<JSONWebKeySet | string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return `${label}: cannot read JWKS file ${path} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${label}: JWKS file ${path} is not valid JSON`;
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) {
    return `${label}: ${path} is not a JWKS: expected an object with a non-empty "keys" array`;
  }
  // Loaded only when a JWKS file is given.
  const { importJWK } = await import('jose');
  for (const [index, key] of keys.entries()) {
    const problem = await checkKey(key, importJWK);
    if (problem !== undefined) return `${label}: key ${index} in ${path} ${problem}`;
  }
  return parsed as JSONWebKeySet;
}

async function checkKey(
  key: unknown,
  importJWK: typeof import('jose').importJWK,
): Promise<string | undefined> {
  const jwk = key as { kty?: unknown; alg?: unknown; d?: unknown } | null;
  if (typeof jwk !== 'object' || jwk === null || typeof jwk.kty !== 'string') {
    return 'is not a JSON Web Key (no "kty")';
  }
  if (jwk.d !== undefined || jwk.kty === 'oct') {
    return 'is a private or symmetric key: give public keys only (--auth-secret-file for HS256)';
  }
  const alg = typeof jwk.alg === 'string' ? jwk.alg : DEFAULT_ALGORITHMS[jwk.kty];
  try {
    await importJWK(jwk as Parameters<typeof importJWK>[0], alg);
    return undefined;
  } catch {
    return `is not a valid ${jwk.kty} public key`;
  }
}
