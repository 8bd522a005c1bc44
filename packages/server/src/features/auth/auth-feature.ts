import { defineServerFeature } from '../../feature-api/server-feature.js';
import { AUTH_OPTIONS } from './auth-declarations.js';

/**
 * Who makes each HTTP request: bearer JWTs verified as an OAuth 2.1 protected resource (the
 * `auth` option, with its metadata document), or the application's `authenticate` function. It
 * gives the HTTP side's authentication step; stdio is never authenticated.
 *
 * @example
 * ```ts
 * const features = [AUTH_FEATURE];
 * ```
 */
export const AUTH_FEATURE = defineServerFeature({
  name: 'auth',
  options: AUTH_OPTIONS,
  // Loaded only over HTTP with auth given: stdio never loads the HTTP side's authentication.
  open: async ({ auth, authenticate }, frame) => {
    if (frame.transport === 'stdio') return undefined;
    if (auth === undefined && authenticate === undefined) return undefined;
    return (await import('./open-auth.js')).openAuth({ auth, authenticate }, frame);
  },
});
