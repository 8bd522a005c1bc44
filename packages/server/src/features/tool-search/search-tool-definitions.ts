import type { McpTool } from '../../kernel/mcp-tool.js';

/** The tool that finds tools. */
export const SEARCH_TOOLS_NAME = 'search_tools';

/** The tool that calls a tool found by {@link SEARCH_TOOLS_NAME}. */
export const CALL_TOOL_NAME = 'call_tool';

/** How many tools a search returns when it does not say. */
export const DEFAULT_SEARCH_LIMIT = 10;

/** The largest `limit` a search may ask for. */
export const MAX_SEARCH_LIMIT = 50;

/** `search_tools` as clients list it. */
export const SEARCH_TOOLS_TOOL: McpTool = Object.freeze<McpTool>({
  name: SEARCH_TOOLS_NAME,
  title: 'Search tools',
  description:
    'Find the tools of this server that fit a task. Returns the best-matching tools with their ' +
    `names, descriptions and input schemas; then run one with ${CALL_TOOL_NAME}. ` +
    'Search with a few keywords (what the tool does, the object it acts on); a blank query lists tools.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Keywords describing the task, e.g. "refund order"' },
      tags: {
        type: 'array',
        items: { type: 'string' },
        description: 'Only tools carrying every one of these tags',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_SEARCH_LIMIT,
        default: DEFAULT_SEARCH_LIMIT,
        description: `The most tools to return, 1..${MAX_SEARCH_LIMIT}`,
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      tools: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            title: { type: 'string' },
            description: { type: 'string' },
            inputSchema: { type: 'object' },
          },
          required: ['name', 'inputSchema'],
        },
      },
    },
    required: ['tools'],
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
});

/** `call_tool` as clients list it. */
export const CALL_TOOL_TOOL: McpTool = Object.freeze<McpTool>({
  name: CALL_TOOL_NAME,
  title: 'Call a tool',
  description:
    `Run a tool found with ${SEARCH_TOOLS_NAME}: give its name and the arguments its input ` +
    'schema asks for. The answer is the tool’s own result.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, description: `A tool name from ${SEARCH_TOOLS_NAME}` },
      arguments: {
        type: 'object',
        description: 'The arguments of the tool, as its input schema describes them',
      },
    },
    required: ['name'],
    additionalProperties: false,
  },
});
