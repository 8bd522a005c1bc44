import type { FeatureFrame, OpenedFeature } from '../../feature-api/server-feature.js';
import { sendJson } from '../../kernel/http-response.js';
import type { HttpRoute } from '../../kernel/http-route.js';
import { isLoopbackAddress } from '../../kernel/loopback-address.js';
import type { ResolvedAuth } from './auth-options.js';
import type { Authenticate } from './authenticate.js';
import { createBearerAuth } from './bearer-auth.js';
import { bearerAuthenticator, customAuthenticator } from './http-authenticators.js';
import { isMetadataPath, serveProtectedResourceMetadata } from './protected-resource.js';

/**
 * The HTTP side's authentication: bearer JWTs (`auth`, with its metadata route) or the
 * application's `authenticate` function; `undefined` when neither is given.
 *
 * @example
 * ```ts
 * const opened = await openAuth({ auth, authenticate: undefined }, frame);
 * ```
 */
export async function openAuth(
  {
    auth,
    authenticate,
  }: { auth: ResolvedAuth | undefined; authenticate: Authenticate | undefined },
  frame: FeatureFrame,
): Promise<OpenedFeature | undefined> {
  if (auth !== undefined) return openBearerAuth(auth, frame);
  if (authenticate === undefined) return undefined;
  return { authenticator: customAuthenticator(authenticate, frame.logger) };
}

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
