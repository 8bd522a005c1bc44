import type { EncodeActionTable } from '@apcore-mcp/annotations';
import type { ToolGrouping } from '../grouping/grouping-options.js';
import type { ServedInspector } from '../inspector/inspector-assets.js';
import type { ResolvedInspector } from '../inspector/inspector-option.js';
import { loadOptionalPackage } from '../kernel/load-optional-package.js';
import type { CreateToolIndex } from '../search/tool-search-index.js';

/**
 * The parts of optional packages a runtime builds with, loaded before it is built: tool
 * building and the tool search index are synchronous.
 *
 * @example
 * ```ts
 * const features: ServerFeatures = await loadServerFeatures(resolved);
 * ```
 */
export interface ServerFeatures {
  /** With `toonDescriptions`: `@apcore-mcp/toon`'s encoder of grouped tools' action tables. */
  encodeTable?: EncodeActionTable;
  /** With `toolSearch`: `@apcore-mcp/search`'s index builder. */
  createToolIndex?: CreateToolIndex;
  /** With `inspector`: `@apcore-mcp/inspector`'s page, read into memory. */
  inspector?: ServedInspector;
}

/**
 * Loads the packages the options need, and only those: a server without `toonDescriptions`,
 * `toolSearch` or `inspector` never imports `@apcore-mcp/toon`, `@apcore-mcp/search` or
 * `@apcore-mcp/inspector`. Called while the runtime opens, so a missing package stops the start
 * rather than the first request.
 *
 * @throws {MissingPackageError} when an option's package is not installed.
 * @example
 * ```ts
 * const { createToolIndex } = await loadServerFeatures({ grouping, toolSearch: true });
 * ```
 */
export async function loadServerFeatures(options: {
  grouping: Pick<ToolGrouping, 'toonDescriptions'>;
  toolSearch: boolean;
  inspector?: ResolvedInspector | undefined;
}): Promise<ServerFeatures> {
  const [toon, search, inspector] = await Promise.all([
    options.grouping.toonDescriptions
      ? loadOptionalPackage(
          '@apcore-mcp/toon',
          'the toonDescriptions option',
          () => import('@apcore-mcp/toon'),
        )
      : undefined,
    options.toolSearch
      ? loadOptionalPackage(
          '@apcore-mcp/search',
          'the toolSearch option',
          () => import('@apcore-mcp/search'),
        )
      : undefined,
    options.inspector ? loadInspector(options.inspector) : undefined,
  ]);
  return {
    ...(toon === undefined ? {} : { encodeTable: toon.encodeActionTable }),
    ...(search === undefined ? {} : { createToolIndex: search.createToolIndex }),
    ...(inspector === undefined ? {} : { inspector }),
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
