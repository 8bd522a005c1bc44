import { SERVER_FEATURES } from '../features/feature-list.js';
import type { HttpRoute } from '../kernel/http-route.js';
import type { Logger } from '../kernel/logger.js';
import type {
  FeatureOptionDeclarations,
  HttpFeatureFrame,
  ResolvedFeatureOptions,
  ServerFeature,
} from '../kernel/server-feature.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { SSE_STREAM_PATH } from '../transports/sse-endpoint.js';

/**
 * The HTTP routes of every feature, in the feature list's order, each feature given its own
 * resolved options and what the frame knows of the endpoint. None over stdio.
 *
 * @example
 * ```ts
 * const routes = featureHttpRoutes(resolved, logger);
 * ```
 */
export function featureHttpRoutes(resolved: ResolvedOptions, logger: Logger): HttpRoute[] {
  const { transport } = resolved;
  if (transport === 'stdio') return [];
  const frame: HttpFeatureFrame = {
    name: resolved.name,
    version: resolved.version,
    transport,
    endpointPath: transport === 'sse' ? SSE_STREAM_PATH : resolved.path,
    tls: resolved.tls !== undefined,
    authRequired: resolved.auth !== undefined || resolved.authenticate !== undefined,
    logger,
  };
  // The resolved options hold every feature's own: the option table is built from the list.
  const options = resolved as unknown as ResolvedFeatureOptions<FeatureOptionDeclarations>;
  const features: readonly ServerFeature[] = SERVER_FEATURES;
  return features.flatMap((feature) => feature.httpRoutes?.(options, frame) ?? []);
}
