import { MODULE_ID_META_KEY } from '@apcore-mcp/core/bridge';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ServedTool, ToolSource } from '../kernel/served-tool.js';

/**
 * A fixed tool table. Each tool runs the module its `_meta` names, or (for terse fixtures) the
 * module its name spells.
 */
export function createToolSource(tools: McpTool[]): ToolSource {
  const entries: ServedTool[] = tools.map((tool) => ({
    moduleId: (tool._meta?.[MODULE_ID_META_KEY] as string | undefined) ?? tool.name,
    tool,
  }));
  return {
    list: () => entries,
    get: (name) => entries.find((entry) => entry.tool.name === name),
    getByModuleId: (moduleId) => entries.find((entry) => entry.moduleId === moduleId),
  };
}
