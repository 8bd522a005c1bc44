import type { Logger } from '../../kernel/logger.js';
import type { ToolTable } from '../../tools/tool-table.js';
import { ToolSearch, type ToolSearchOptions } from './tool-search.js';

/**
 * The tool search of a server over its live table: the index is rebuilt on the next search
 * after every change of the table, for the life of the table. `createIndex` is
 * `@apcore-mcp/search`'s `createToolIndex`, loaded because the `toolSearch` option is on.
 *
 * @example
 * ```ts
 * const search = openToolSearch({ tools: table, createIndex: createToolIndex });
 * ```
 */
export function openToolSearch(
  options: Omit<ToolSearchOptions, 'tools'> & { tools: ToolTable },
): ToolSearch {
  const search = new ToolSearch(options);
  // A refresh changes the table as much as a registry event.
  options.tools.onChange(() => search.invalidate());
  return search;
}

/**
 * Under tool search, a module served as `search_tools` or `call_tool` is out of reach: warns
 * about each such module, once the table is built.
 *
 * @example
 * ```ts
 * warnAboutShadowedTools(search, table, logger);
 * ```
 */
export function warnAboutShadowedTools(search: ToolSearch, tools: ToolTable, logger: Logger): void {
  for (const tool of search.list()) {
    const shadowed = tools.get(tool.name);
    if (shadowed === undefined) continue;
    logger.warn(
      { moduleId: shadowed.moduleId, toolName: tool.name },
      `Module ${shadowed.moduleId} is served as ${tool.name}, which tool search answers itself; it cannot be called`,
    );
  }
}
