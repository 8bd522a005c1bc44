// The readers of the HTTP server's options: where it listens and whom it lets in.
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';

/** The host to bind: a non-empty string, `127.0.0.1` by default. */
export function resolveHost(value: unknown): string {
  if (value === undefined) return '127.0.0.1';
  if (typeof value !== 'string') {
    throw new InvalidOptionError({ option: 'host', value, expected: 'a host name or address' });
  }
  if (value.trim() === '') {
    const sentence = ['Host must not be empty'];
    throw new InvalidOptionError({ option: 'host', value, expected: 'a host name', sentence });
  }
  return value;
}

/** Origins allowed besides the server's own: a list of origins, or `'*'`. */
export function resolveAllowedOrigins(value: unknown): readonly string[] | '*' | undefined {
  const allowed = "an array of origins like 'https://app.example.com', or '*'";
  if (value === undefined) return undefined;
  if (value === '*') return '*';
  if (!Array.isArray(value) || value.some((origin) => typeof origin !== 'string')) {
    throw new InvalidOptionError({ option: 'allowedOrigins', value, expected: allowed });
  }
  if (value.includes('*')) return '*';
  for (const origin of value as string[]) {
    if (!isOrigin(origin)) {
      throw new InvalidOptionError({
        option: 'allowedOrigins',
        value: origin,
        expected: allowed,
        sentence: [
          { option: 'allowedOrigins' },
          ` entry '${origin}' is not an origin; expected ${allowed}`,
        ],
      });
    }
  }
  return Object.freeze([...(value as string[])]);
}

function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

/** `Host` headers allowed: a list of host names (optionally with port), or `'*'`. */
export function resolveAllowedHosts(value: unknown): readonly string[] | '*' | undefined {
  const allowed = "an array of host names (optionally with ':port'), or '*'";
  if (value === undefined) return undefined;
  if (value === '*') return '*';
  if (!Array.isArray(value) || value.some((host) => typeof host !== 'string' || host === '')) {
    throw new InvalidOptionError({ option: 'allowedHosts', value, expected: allowed });
  }
  if (value.includes('*')) return '*';
  return Object.freeze(value.map((host: string) => host.toLowerCase()));
}
