// Tool search: two tools that find and call the served ones, instead of all of them.

import { booleanOption } from '../../kernel/primitive-options.js';

/**
 * The tool search option of `serve()`, declared once.
 *
 * @example
 * ```ts
 * TOOL_SEARCH_OPTIONS.toolSearch.defaultValue; // false
 * ```
 */
export const TOOL_SEARCH_OPTIONS = {
  /**
   * List two tools instead of every module: `search_tools` (ranked full-text search over the
   * served tools: names, descriptions, input schemas) and `call_tool` (runs one by name, with
   * every check a direct call gets). For registries too large for a client's tool list; direct
   * calls by a tool's own name keep working. Default false.
   */
  toolSearch: booleanOption({
    defaultValue: false,
    cli: [
      {
        key: 'tool-search',
        kind: 'boolean',
        help: 'List two tools, search_tools and call_tool, instead of every module (for large registries)',
      },
    ],
  }),
};
