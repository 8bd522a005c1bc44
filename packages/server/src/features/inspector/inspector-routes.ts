import type { HttpFeatureFrame } from '../../feature-api/server-feature.js';
import type { HttpRoute } from '../../kernel/http-route.js';
import type { InspectorPageConfig, ServedInspector } from './inspector-assets.js';
import { endpointFromPage, isInspectorPath, serveInspector } from './inspector-route.js';

/**
 * The inspector as the HTTP handler serves it: the page and its files under the prefix, after
 * the Host/Origin checks every route but `/health` passes (the page itself needs no
 * credentials: it asks for them).
 *
 * @example
 * ```ts
 * const route = inspectorRoute(inspector, frame);
 * ```
 */
export function inspectorRoute(inspector: ServedInspector, frame: HttpFeatureFrame): HttpRoute {
  const config: InspectorPageConfig = {
    endpoint: endpointFromPage(inspector.prefix, frame.endpointPath),
    transport: frame.transport,
    allowExecute: inspector.allowExecute,
    authRequired: frame.authRequired,
  };
  // Read for each page; never listed when credentials are checked: the page is served without.
  const notServed = frame.authRequired ? () => [] : frame.notServed;
  return {
    owns: (pathname) => isInspectorPath(pathname, inspector.prefix),
    serve: ({ request, response, url, passGuard }) => {
      if (!passGuard('the inspector')) return;
      serveInspector(
        request,
        response,
        url.pathname,
        inspector,
        withNotServed(config, notServed()),
      );
    },
  };
}

/** The page's config, with what is not served right now (paths left out: they stay in the log). */
function withNotServed(
  config: InspectorPageConfig,
  notServed: ReturnType<HttpFeatureFrame['notServed']>,
): InspectorPageConfig {
  if (notServed.length === 0) return config;
  const entries = notServed.map(({ kind, name, reason }) => ({ kind, name, reason }));
  return { ...config, notServed: entries };
}
