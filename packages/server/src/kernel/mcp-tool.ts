import type { ToolAnnotations } from '@apcore-mcp/annotations';
import type { JsonValue } from '@apcore-mcp/core/bridge';

/**
 * A tool's input or output JSON Schema as MCP carries it: an object schema, passed on verbatim.
 *
 * @example
 * ```ts
 * const schema: McpToolSchema = { type: 'object', properties: { a: { type: 'number' } } };
 * ```
 */
export type McpToolSchema = {
  type: 'object';
  // JSON objects: what the 2.x SDK requires of a property schema, and objects, as 1.x does.
  properties?: Record<string, { [key: string]: JsonValue }>;
  required?: string[];
  [key: string]: unknown;
};

/**
 * One MCP tool definition, declared here rather than taken from an SDK: the 1.x and 2.x SDKs'
 * `Tool` types do not assign to each other, and ours must work with both (the server speaks
 * through 2.x, tests and older hosts use 1.x). A type alias, not an interface, so it stays
 * assignable to the SDKs' open, index-signed types.
 *
 * @example
 * ```ts
 * const tool: McpTool = { name: 'math-add', inputSchema: { type: 'object', properties: {} } };
 * ```
 */
export type McpTool = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: McpToolSchema;
  outputSchema?: McpToolSchema;
  annotations?: ToolAnnotations;
  /** Whether its calls may run as MCP tasks; absent: they never do. */
  execution?: { taskSupport: 'optional' | 'required' };
  _meta?: Record<string, unknown>;
};
