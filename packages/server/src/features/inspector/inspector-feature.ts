import { defineServerFeature, type OpenedFeature } from '../../feature-api/server-feature.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { loadOptionalPackage } from '../../kernel/load-optional-package.js';
import type { Logger } from '../../kernel/logger.js';
import type { ServedInspector } from './inspector-assets.js';
import type { ResolvedInspector } from './inspector-option.js';
import { INSPECTOR_OPTIONS } from './inspector-options.js';
import { isInspectorPageRequest, markReadOnlyInspectorRequest } from './inspector-page-request.js';
import { inspectorRoute } from './inspector-routes.js';
import { refuseReadOnlyInspector } from './read-only-entry.js';

/**
 * The browser Tool Inspector: its page (from `@apcore-mcp/inspector`, loaded only when on), and,
 * when it may not call tools, the mark on its own MCP requests and the refusal of their calls.
 *
 * @example
 * ```ts
 * const features = [INSPECTOR_FEATURE];
 * ```
 */
export const INSPECTOR_FEATURE = defineServerFeature({
  name: 'inspector',
  options: INSPECTOR_OPTIONS,
  checkOptions: ({ inspector }, frame) => refuseEndpointPath(inspector, frame.path),
  open: async ({ inspector }, frame) =>
    inspector && openInspector(await loadInspector(inspector), frame.logger),
});

function openInspector(inspector: ServedInspector, logger: Logger): OpenedFeature {
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

/** The inspector's page and the MCP endpoint cannot share a path: one would hide the other. */
function refuseEndpointPath(inspector: ResolvedInspector | undefined, path: string): void {
  const prefix = inspector?.prefix;
  if (prefix === undefined || (path !== prefix && !path.startsWith(`${prefix}/`))) return;
  throw new InvalidOptionError({
    option: 'inspector.prefix',
    value: prefix,
    expected: `a path other than the MCP endpoint ${path}`,
    sentence: [
      { option: 'inspector.prefix' },
      ` ${prefix} would hide the MCP endpoint `,
      { option: 'path' },
      ` ${path}: give the inspector a path of its own`,
    ],
  });
}
