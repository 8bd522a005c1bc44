import type { EncodeActionTable } from '@apcore-mcp/annotations';
import type { ToolGrouping } from '../grouping/grouping-options.js';
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
}

/**
 * Loads the packages the options need, and only those: a server without `toonDescriptions` or
 * `toolSearch` never imports `@apcore-mcp/toon` or `@apcore-mcp/search` (a feature loads its own
 * when it opens). Called while the runtime opens, so a missing package stops the start
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
}): Promise<ServerFeatures> {
  const [toon, search] = await Promise.all([
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
  ]);
  return {
    ...(toon === undefined ? {} : { encodeTable: toon.encodeActionTable }),
    ...(search === undefined ? {} : { createToolIndex: search.createToolIndex }),
  };
}
