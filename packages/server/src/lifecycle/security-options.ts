import { resolveAuth } from '../auth/resolve-auth.js';
import { InvalidOptionError } from '../options/invalid-option-error.js';
import { resolveFunction } from '../options/read-option.js';
import type { ResolvedOptions, ServeOptions } from '../options.js';
import { resolveCors } from '../transports/cors.js';
import { resolveTls } from '../transports/tls-option.js';

/** The options that say who may call over HTTP and how the connection is secured. */
export const SECURITY_OPTIONS = ['authenticate', 'auth', 'cors', 'tls'] as const;

/** Who may call (`authenticate` or `auth`, never both), from which origins, over TLS or not. */
export function resolveSecurityOptions(
  options: ServeOptions,
): Pick<ResolvedOptions, 'authenticate' | 'auth' | 'cors' | 'tls'> {
  const authenticate = resolveFunction('authenticate', options.authenticate);
  const auth = resolveAuth(options.auth);
  if (authenticate !== undefined && auth !== undefined) {
    throw new InvalidOptionError({
      option: 'auth',
      value: '(given)',
      expected: 'no authenticate function beside it',
      sentence: [
        'Give either ',
        { option: 'auth' },
        ' (bearer JWTs) or ',
        { option: 'authenticate' },
        ' (a custom check), not both; to accept both, verify tokens inside your authenticate function',
      ],
    });
  }
  return { authenticate, auth, cors: resolveCors(options.cors), tls: resolveTls(options.tls) };
}
