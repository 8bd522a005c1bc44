import type { FeatureFrame, OpenedFeature } from '../../feature-api/server-feature.js';
import { defineServerFeature } from '../../feature-api/server-feature.js';
import { sendJson } from '../../kernel/http-response.js';
import type { HttpRoute } from '../../kernel/http-route.js';
import { isLoopbackAddress } from '../../transports/http-guard.js';
import { AUTH_OPTIONS } from './auth-declarations.js';
import type { ResolvedAuth } from './auth-options.js';
import { createBearerAuth } from './bearer-auth.js';
import { bearerAuthenticator, customAuthenticator } from './http-authenticators.js';
import { isMetadataPath, serveProtectedResourceMetadata } from './protected-resource.js';

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
  open: async ({ auth, authenticate }, frame) => {
    if (frame.transport === 'stdio') return undefined;
    if (auth !== undefined) return openBearerAuth(auth, frame);
    if (authenticate === undefined) return undefined;
    return { authenticator: customAuthenticator(authenticate, frame.logger) };
  },
});

async function openBearerAuth(auth: ResolvedAuth, frame: FeatureFrame): Promise<OpenedFeature> {
  const bearer = createBearerAuth(auth, frame.logger);
  // A missing @apcore-mcp/auth fails the start, not the first request that carries a token.
  await bearer.preload();
  warnIfAudienceFollowsHost(auth, frame);
  return {
    authenticator: bearerAuthenticator(bearer),
    httpRoutes: ({ endpointPath }) => [metadataRoute(auth, endpointPath)],
  };
}

/** `GET /.well-known/oauth-protected-resource[/<endpoint>]`: public, no token asked. */
function metadataRoute(auth: ResolvedAuth, endpointPath: string): HttpRoute {
  return {
    owns: (pathname) => isMetadataPath(pathname, endpointPath, auth),
    serve: ({ request, response, url }) => {
      if (serveProtectedResourceMetadata(request, response, url.pathname, endpointPath, auth)) {
        return;
      }
      sendJson(response, 404, { error: 'Not found', path: url.pathname });
    },
  };
}

/**
 * The default audience is the resource URL, built from the request's `Host` unless
 * `auth.resourceUrl` is set. Beyond loopback any `Host` passes (unless `allowedHosts` lists
 * some), so a client could name another API's host and present a token minted for it.
 */
function warnIfAudienceFollowsHost(auth: ResolvedAuth, frame: FeatureFrame): void {
  if (auth.audience.kind !== 'resource-url') return;
  if (auth.resourceUrl !== undefined || Array.isArray(frame.allowedHosts)) return;
  if (isLoopbackAddress(frame.host)) return;
  frame.logger.warn(
    { host: frame.host },
    `WARNING: listening on ${frame.host}, bearer tokens must name the resource URL built from ` +
      "each request's Host header, which any client can set. Pin it: set auth.resourceUrl, " +
      'auth.audience (CLI: --auth-audience) or allowedHosts',
  );
}
