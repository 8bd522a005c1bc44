import type {
  FeatureFrame,
  OpenedFeature,
  ResolvedFeatureOptions,
} from '../../feature-api/server-feature.js';
import { listenMetrics, type MetricsListener } from './metrics-listener.js';
import type { METRICS_OPTIONS } from './metrics-options.js';
import { METRICS_PATH, metricsRoute } from './metrics-route.js';
import { loadServerMetrics, type ServerMetrics } from './server-metrics.js';

/**
 * The metrics of one server, or `undefined` when its options leave them off (`metricsPort`
 * alone turns them on). Nothing loads here: `@apcore-mcp/observability` loads when a host
 * starts serving (`startServing`), so a server that never serves clients itself never loads it.
 *
 * @example
 * ```ts
 * const opened = openMetrics({ metrics: true, metricsPort: undefined }, frame);
 * ```
 */
export function openMetrics(
  { metrics: option, metricsPort }: ResolvedFeatureOptions<typeof METRICS_OPTIONS>,
  frame: FeatureFrame,
): OpenedFeature | undefined {
  const kept = option === false && metricsPort !== undefined ? true : option;
  if (kept === false) return undefined;
  let metrics: ServerMetrics | undefined;
  let listener: MetricsListener | undefined;
  return {
    startServing: async ({ tools, router }) => {
      metrics = await loadServerMetrics(kept, {
        tools: () => tools.size,
        inFlight: () => router.activeCalls,
      });
      if (frame.transport === 'stdio' && metricsPort !== undefined) {
        listener = await listenMetrics(metrics, metricsPort, frame.logger);
      }
      return metrics;
    },
    httpRoutes: (http) => {
      if (metrics === undefined) return [];
      metrics.countSessionsWith(http.sessions);
      return [metricsRoute(metrics, http.authenticator?.protectsMetrics === true)];
    },
    announce: (serverUrl) => {
      if (listener !== undefined) return listener.url;
      if (metrics === undefined || serverUrl === undefined) return undefined;
      return new URL(METRICS_PATH, serverUrl).href;
    },
    close: async () => {
      await listener?.close();
      listener = undefined;
    },
  };
}
