import type { FeatureRuntime } from '../../feature-api/feature-runtime.js';
import { defineServerFeature, type OpenedFeature } from '../../feature-api/server-feature.js';
import { loadOptionalPackage } from '../../kernel/load-optional-package.js';
import type { Logger } from '../../kernel/logger.js';
import type { CreateToolIndex } from './tool-search-index.js';
import { TOOL_SEARCH_OPTIONS } from './tool-search-options.js';

/**
 * Tool search: clients are shown `search_tools` and `call_tool` instead of every module (the
 * index from `@apcore-mcp/search`, loaded only when on), both answered by its step of the call
 * pipeline, so `call_tool` meets every step after it as a call of its target. Off unless the
 * `toolSearch` option is on.
 *
 * @example
 * ```ts
 * const features = [TOOL_SEARCH_FEATURE];
 * ```
 */
export const TOOL_SEARCH_FEATURE = defineServerFeature({
  name: 'tool-search',
  options: TOOL_SEARCH_OPTIONS,
  open: async ({ toolSearch }, frame, runtime) =>
    toolSearch ? openSearch(await loadCreateIndex(), frame.logger, runtime) : undefined,
});

// Loaded only when on: a server without tool search never loads its code.
async function openSearch(
  createIndex: CreateToolIndex,
  logger: Logger,
  runtime: FeatureRuntime,
): Promise<OpenedFeature> {
  const { openToolSearch, warnAboutShadowedTools } = await import('./open-tool-search.js');
  // A caller finds only what its ACL lets it see (the router's identity when none is given).
  const { tools, toolsFor } = runtime;
  const search = openToolSearch({ tools, createIndex, toolsFor, logger });
  return {
    listedTools: () => search.list(),
    callSteps: { search: search.entry },
    // Once the table is built: a module under one of the two names is out of reach, and the
    // first search need not wait for the index.
    start: () => {
      warnAboutShadowedTools(search, tools, logger);
      search.prepare();
    },
  };
}

async function loadCreateIndex(): Promise<CreateToolIndex> {
  const search = await loadOptionalPackage(
    '@apcore-mcp/search',
    'the toolSearch option',
    () => import('@apcore-mcp/search'),
  );
  return search.createToolIndex;
}
