import type { Identity, TaskStart } from '@apcore-mcp/core';
import type { McpTool } from './mcp-tool.js';

/**
 * One served tool: its MCP definition and the module it runs. Calls are mapped to modules
 * through these entries, never by reversing the tool name (a shortened name has no reverse).
 *
 * @example
 * ```ts
 * const entry: ServedTool = { moduleId: 'catalog.get_product', tool: { name: 'catalog-get_product', inputSchema: { type: 'object' } } };
 * ```
 */
export interface ServedTool {
  /** The module a call of this tool runs; for a grouped tool, the group (`orders`). */
  readonly moduleId: string;
  /** The definition `tools/list` serves; `tool.name` is what clients call. */
  readonly tool: McpTool;
  /**
   * Only on a grouped tool (see the `grouping` option): each action's own module entry, by
   * action name. A call names the action in `action` and runs that module.
   */
  readonly actions?: ReadonlyMap<string, ServedTool>;
  /**
   * The module's output schema as converted, when the tool does not advertise it (its root is
   * not an object): redaction still reads its `x-sensitive` marks. Otherwise `tool.outputSchema`.
   */
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  /** How its calls become MCP tasks, when its module supports them (`taskSupport`). */
  readonly task?: { readonly support: 'optional' | 'required'; readonly start: TaskStart };
}

/**
 * Where a server reads its current tools: a live table, read on every request.
 * {@link ToolTable} is one.
 *
 * @example
 * ```ts
 * const fixed: ToolSource = {
 *   list: () => entries,
 *   get: (name) => entries.find((entry) => entry.tool.name === name),
 *   getByModuleId: (moduleId) => entries.find((entry) => entry.moduleId === moduleId),
 * };
 * ```
 */
export interface ToolSource {
  /** A snapshot of the served tools, in registration order. */
  list(): ServedTool[];
  /** The tool clients call by this name, if it is currently served. */
  get(name: string): ServedTool | undefined;
  /** The module's own entry, if the module is currently served (alone or in a group). */
  getByModuleId(moduleId: string): ServedTool | undefined;
}

/**
 * The tools as one caller may see them: under an ACL, those it may call (of a grouped tool, its
 * callable actions); without one, every served tool. `tools/list`, resources, tool search,
 * grouped-call errors and `GET /usage` all read this one view.
 *
 * @example
 * ```ts
 * const toolsFor: ToolsFor = (identity) => visibility?.viewFor(identity) ?? table;
 * ```
 */
export type ToolsFor = (identity: Identity | undefined) => ToolSource;
