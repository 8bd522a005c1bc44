import type { HttpFeatureFrame } from '../feature-api/server-feature.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { ENDPOINT_OPTIONS } from '../transports/endpoint-options.js';
import type { HttpEndpointOptions } from '../transports/http-transport-options.js';
import { SSE_STREAM_PATH } from '../transports/sse-endpoint.js';
import type { ServerRuntime } from './server-runtime.js';

/**
 * The resolved options the HTTP endpoint reads as they are: its own (`ENDPOINT_OPTIONS`, declared
 * beside it, every one of them), and these others it shares with the rest of the server.
 *
 * @example
 * ```ts
 * HTTP_ENDPOINT_OPTIONS.includes('maxSessions'); // true
 * ```
 */
export const HTTP_ENDPOINT_OPTIONS = [
  ...(Object.keys(ENDPOINT_OPTIONS) as (keyof typeof ENDPOINT_OPTIONS)[]),
  'maxSubscriptionsPerSession',
  'maxResourceUriLength',
  'cors',
] as const satisfies readonly (keyof ResolvedOptions & keyof HttpEndpointOptions)[];

/**
 * The options of the HTTP endpoint, from the resolved options and the runtime: the one mapping
 * `startServer()` (its own listener) and `createMcpHandler()` (your server's) both use.
 *
 * @example
 * ```ts
 * const endpoint = toHttpEndpointOptions(runtime, resolved);
 * ```
 */
export function toHttpEndpointOptions(
  runtime: ServerRuntime,
  resolved: ResolvedOptions,
): HttpEndpointOptions {
  let sessions = (): number => 0;
  const read = Object.fromEntries(
    HTTP_ENDPOINT_OPTIONS.map((option) => [option, resolved[option]]),
  ) as Pick<ResolvedOptions, (typeof HTTP_ENDPOINT_OPTIONS)[number]>;
  return {
    ...read,
    guard: {
      allowedOrigins: resolved.allowedOrigins,
      allowedHosts: resolved.allowedHosts ?? 'auto',
      corsOrigins: resolved.cors?.origins,
    },
    authenticator: runtime.features.authenticator,
    health: runtime.health,
    // The handler counts the sessions once built; the features' routes read them from then on.
    routes: runtime.features.httpRoutes(httpFeatureFrame(runtime, resolved, () => sessions())),
    countSessionsWith: (count) => {
      sessions = count;
    },
    onAdmittedRequest: runtime.features.onAdmittedRequest,
    listedTool: (name, identity) => runtime.toolsFor(identity ?? runtime.identity).get(name)?.tool,
    changes: {
      onToolListChanged: runtime.onToolListChanged,
      onResourceUpdated: runtime.changes.onResourceUpdated,
      onDefinitionListChanged: runtime.changes.onDefinitionListChanged,
    },
  };
}

/** What the features serving HTTP routes are told of the endpoint. */
function httpFeatureFrame(
  runtime: ServerRuntime,
  resolved: ResolvedOptions,
  sessions: () => number,
): HttpFeatureFrame {
  const transport = resolved.transport === 'sse' ? 'sse' : 'streamable-http';
  return {
    name: resolved.name,
    version: resolved.version,
    transport,
    endpointPath: transport === 'sse' ? SSE_STREAM_PATH : resolved.path,
    tls: resolved.tls !== undefined,
    authRequired: runtime.features.authenticator !== undefined,
    authenticator: runtime.features.authenticator,
    sessions,
    logger: runtime.logger,
    notServed: () => runtime.notServed(),
  };
}
