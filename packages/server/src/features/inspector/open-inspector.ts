import type { OpenedFeature } from '../../feature-api/server-feature.js';
import { loadOptionalPackage } from '../../kernel/load-optional-package.js';
import type { Logger } from '../../kernel/logger.js';
import type { ServedInspector } from './inspector-assets.js';
import type { ResolvedInspector } from './inspector-option.js';
import { isInspectorPageRequest, markReadOnlyInspectorRequest } from './inspector-page-request.js';
import { inspectorRoute } from './inspector-routes.js';
import { refuseReadOnlyInspector } from './read-only-entry.js';

/**
 * The inspector of one server: its page's route, and the refusal of its calls when read only.
 *
 * @example
 * ```ts
 * const opened = await openInspector(resolved, logger);
 * ```
 */
export async function openInspector(
  resolved: ResolvedInspector,
  logger: Logger,
): Promise<OpenedFeature> {
  return servedInspector(await loadInspector(resolved), logger);
}

function servedInspector(inspector: ServedInspector, logger: Logger): OpenedFeature {
  const readOnly = !inspector.allowExecute;
  return {
    httpRoutes: (frame) => [inspectorRoute(inspector, frame)],
    ...(readOnly ? { callGuard: refuseReadOnlyInspector } : {}),
    onAdmittedRequest: (request) => {
      if (readOnly && isInspectorPageRequest(request, inspector.prefix)) {
        markReadOnlyInspectorRequest(request);
      }
    },
    // Told once at start: people open the page by hand.
    announce: (serverUrl) => {
      if (serverUrl === undefined) return undefined;
      const inspectorUrl = new URL(`${inspector.prefix}/`, serverUrl).href;
      const mode = readOnly ? 'read only' : 'it may call tools';
      logger.info({ inspectorUrl }, `Tool Inspector at ${inspectorUrl} (${mode})`);
      return inspectorUrl;
    },
  };
}

async function loadInspector(resolved: ResolvedInspector): Promise<ServedInspector> {
  const inspector = await loadOptionalPackage(
    '@apcore-mcp/inspector',
    'the inspector option',
    () => import('@apcore-mcp/inspector'),
  );
  return {
    ...resolved,
    assets: await inspector.loadInspectorAssets(),
    contentSecurityPolicy: inspector.INSPECTOR_CONTENT_SECURITY_POLICY,
  };
}
