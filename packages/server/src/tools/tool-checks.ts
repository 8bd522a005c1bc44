import type { ModuleDescriptor } from '@apcore-mcp/core/bridge';
import { findSchemaProblems, type SchemaProblem } from '@apcore-mcp/runtime';
import type { McpTool, McpToolSchema } from '../kernel/mcp-tool.js';
import { findSpecTypeProblems, listProblems, toPointer } from '../kernel/spec-type-problems.js';

/**
 * Why a module's schemas cannot be served, or `undefined` when they can: each must be valid
 * JSON Schema (draft 2020-12, the dialect MCP assumes, or the one its `$schema` names; see
 * `findSchemaProblems`). A client that validates `tools/list` refuses the whole list over one
 * broken schema, so such a module is not served. The schemas are read as the module wrote them,
 * so every pointer leads into its own file.
 *
 * @example
 * ```ts
 * describeSchemaProblems(descriptor);
 * // 'its input schema is not valid JSON Schema: /required: must be array (got "x")'
 * ```
 */
export function describeSchemaProblems(descriptor: ModuleDescriptor): string | undefined {
  for (const side of ['input', 'output'] as const) {
    const problems = findSchemaProblems(
      side === 'input' ? descriptor.inputSchema : descriptor.outputSchema,
    );
    if (problems.length > 0) {
      return `its ${side} schema is not valid JSON Schema: ${listProblems(problems)}`;
    }
  }
  return undefined;
}

/**
 * Why a built tool breaks the MCP `Tool` schema, or `undefined` when it does not: checked with
 * the SDK's own `Tool` schema (see `findSpecTypeProblems`), and against what 2025-11-25
 * adds: each property of a root object schema is itself an object (`properties?: { [key:
 * string]: object }`; the 1.x SDK's client refuses a whole list with a `true` there). The
 * SDK's schema judges the tool's fields and the roots of its schemas; what lies inside each
 * property schema is JSON Schema {@link describeSchemaProblems} has checked already.
 *
 * @example
 * ```ts
 * describeToolProblems({ name: 'a', inputSchema: { type: 'object', properties: { x: true } } });
 * // 'its tool breaks the MCP Tool schema: /inputSchema/properties/x: must be an object schema (got true)'
 * ```
 */
export function describeToolProblems(tool: McpTool): string | undefined {
  const problems = [
    ...findSpecTypeProblems('Tool', withPropertiesStubbed(tool)),
    ...checkPropertySchemas(tool),
  ];
  if (problems.length === 0) return undefined;
  return `its tool breaks the MCP Tool schema: ${listProblems(problems)}`;
}

/**
 * The tool with each property schema of its root schemas as `{}`: walking them again, value by
 * value, as the SDK's JSON values took ten times as long as building the tool (bench: building
 * 100 tools went from 0.8 ms to 8 ms), for nothing the meta-schema had not checked.
 */
function withPropertiesStubbed(tool: McpTool): McpTool {
  const stubbed: McpTool = { ...tool, inputSchema: stubProperties(tool.inputSchema) };
  if (tool.outputSchema !== undefined) stubbed.outputSchema = stubProperties(tool.outputSchema);
  return stubbed;
}

function stubProperties(schema: McpToolSchema): McpToolSchema {
  const { properties } = schema;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    return schema;
  }
  const stubs: Record<string, Record<string, never>> = {};
  for (const name of Object.keys(properties)) stubs[name] = {};
  return { ...schema, properties: stubs };
}

function checkPropertySchemas(tool: McpTool): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const side of ['inputSchema', 'outputSchema'] as const) {
    const properties: unknown = tool[side]?.properties;
    if (typeof properties !== 'object' || properties === null) continue;
    for (const [name, schema] of Object.entries(properties)) {
      if (typeof schema === 'object' && schema !== null && !Array.isArray(schema)) continue;
      problems.push({
        pointer: toPointer([side, 'properties', name]),
        message: `must be an object schema (got ${JSON.stringify(schema)})`,
      });
    }
  }
  return problems;
}
