import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../kernel/http-response.js';
import type { ResolvedAuth } from './auth-options.js';

/** Where RFC 9728 puts a protected resource's metadata (then the resource's path, if any). */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * The RFC 9728 metadata document of this server.
 *
 * @example
 * ```ts
 * const metadata: ProtectedResourceMetadata = await (await fetch(metadataUrl)).json();
 * ```
 */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported: string[];
  bearer_methods_supported: ['header'];
}

/**
 * This server's resource URL for a request: the `resourceUrl` option, else the request's scheme
 * (TLS or not) and `Host` (already checked by the Host guard) with the endpoint path.
 */
export function resourceUrlOf(
  request: IncomingMessage,
  endpointPath: string,
  auth: ResolvedAuth,
): URL {
  if (auth.resourceUrl !== undefined) return auth.resourceUrl;
  const encrypted = (request.socket as { encrypted?: boolean }).encrypted === true;
  const host = request.headers.host ?? `${request.socket.localAddress}:${request.socket.localPort}`;
  return new URL(endpointPath, `${encrypted ? 'https' : 'http'}://${host}`);
}

/** The path-suffixed metadata URL of a resource (`/.well-known/oauth-protected-resource/mcp`). */
export function metadataUrlOf(resource: URL): URL {
  const suffix = resource.pathname === '/' ? '' : resource.pathname;
  return new URL(`${PROTECTED_RESOURCE_METADATA_PATH}${suffix}`, resource.origin);
}

/**
 * Answers `GET /.well-known/oauth-protected-resource` and its path-suffixed form for the
 * endpoint (and for the path of `resourceUrl`, when set); `false` for any other request. The
 * document is public: no token, no Origin check (browsers read it through CORS).
 *
 * @example
 * ```ts
 * if (serveProtectedResourceMetadata(request, response, url.pathname, '/mcp', auth)) return;
 * ```
 */
export function serveProtectedResourceMetadata(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  endpointPath: string,
  auth: ResolvedAuth,
): boolean {
  if (request.method !== 'GET' || !isMetadataPath(pathname, endpointPath, auth)) return false;
  // Not the SDK's buildOAuthProtectedResourceMetadata: it names one authorization server, no
  // `bearer_methods_supported`, and refuses an http issuer outside localhost.
  const metadata: ProtectedResourceMetadata = {
    resource: resourceUrlOf(request, endpointPath, auth).href,
    authorization_servers: [...auth.authorizationServers],
    scopes_supported: [...auth.scopesSupported],
    bearer_methods_supported: ['header'],
  };
  sendJson(response, 200, metadata, { 'cache-control': 'max-age=300' });
  return true;
}

/** Whether a path names the metadata document (root or path-suffixed form). */
export function isMetadataPath(
  pathname: string,
  endpointPath: string,
  auth: ResolvedAuth,
): boolean {
  if (pathname === PROTECTED_RESOURCE_METADATA_PATH) return true;
  if (pathname === `${PROTECTED_RESOURCE_METADATA_PATH}${endpointPath}`) return true;
  const configured = auth.resourceUrl?.pathname;
  return (
    configured !== undefined && pathname === `${PROTECTED_RESOURCE_METADATA_PATH}${configured}`
  );
}
