import {
  fromJsonSchema,
  type jsonSchemaValidator,
  type McpServer,
  type ReadResourceCallback,
  type RegisteredResource,
  type RegisteredTool,
  type StandardSchemaWithJSON,
  type ToolCallback,
} from '@modelcontextprotocol/server';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ServerRuntime } from '../lifecycle/server-runtime.js';
import { toRouterCallExtra } from '../protocol/to-router-call-extra.js';
import { type AttachedTools, createAttachedTools } from './attached-tools.js';
import { readAttachedResource } from './read-attached-resource.js';
import { ToolNameTakenError } from './tool-name-taken-error.js';

/**
 * Accepts every input: the router validates (`validateInputs`, the executor), so a call gets
 * our error messages, and the schema is still advertised verbatim.
 */
const PASS_THROUGH: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/** A tool as `McpServer.registerTool` takes it. */
interface ToolConfig {
  title?: string;
  description?: string;
  inputSchema: StandardSchemaWithJSON;
  outputSchema?: StandardSchemaWithJSON;
  annotations?: McpTool['annotations'];
  _meta?: Record<string, unknown>;
}

/**
 * Attaches to a high-level `McpServer` through its public API: one `registerTool` per tool
 * (its JSON Schema advertised as is) and one `registerResource` per documentation resource,
 * kept in step with the tool table. `detach()` removes each of them. Its list is the same for
 * every caller: the executor's ACL refuses calls, but cannot narrow the list.
 */
export function attachToMcpServer(mcp: McpServer, runtime: ServerRuntime): AttachedTools {
  if (runtime.listsPerCaller) {
    runtime.logger.warn(
      'An McpServer lists the same tools to every caller: attached tools the ACL denies a ' +
        'caller are listed to it (and refused when called). A low-level Server lists per caller.',
    );
  }
  const tools = new Map<string, RegisteredTool>();
  const resources = new Map<string, RegisteredResource>();
  const addTool = (tool: McpTool) => {
    tools.set(
      tool.name,
      mcp.registerTool(tool.name, toToolConfig(tool), toCallback(tool, mcp, runtime)),
    );
  };
  const sync = () => {
    const wanted = new Map(runtime.front.list().map((tool) => [tool.name, tool]));
    for (const [name, handle] of tools) {
      if (wanted.has(name)) continue;
      handle.remove();
      tools.delete(name);
    }
    for (const [name, tool] of wanted) if (!tools.has(name)) addTool(tool);
    syncResources(mcp, runtime, resources);
  };
  try {
    for (const tool of runtime.front.list()) addTool(tool);
    syncResources(mcp, runtime, resources);
  } catch (error) {
    for (const handle of [...tools.values(), ...resources.values()]) handle.remove();
    const clash = /^Tool (.+) is already registered$/.exec((error as Error).message ?? '');
    throw clash?.[1] === undefined ? error : new ToolNameTakenError(clash[1]);
  }
  const unsubscribe = runtime.onToolListChanged(sync);
  return createAttachedTools(runtime, unsubscribe, () => {
    for (const handle of [...tools.values(), ...resources.values()]) handle.remove();
    tools.clear();
    resources.clear();
  });
}

function toToolConfig(tool: McpTool): ToolConfig {
  return {
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: fromJsonSchema(tool.inputSchema, PASS_THROUGH),
    ...(tool.outputSchema === undefined
      ? {}
      : { outputSchema: fromJsonSchema(tool.outputSchema, PASS_THROUGH) }),
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    ...(tool._meta === undefined ? {} : { _meta: tool._meta }),
  };
}

function toCallback(
  tool: McpTool,
  mcp: McpServer,
  runtime: ServerRuntime,
): ToolCallback<StandardSchemaWithJSON> {
  return ((
    args: Record<string, unknown> | undefined,
    ctx: Parameters<typeof toRouterCallExtra>[0],
  ) =>
    runtime.front.call(
      tool.name,
      args ?? {},
      toRouterCallExtra(ctx, mcp.server),
    )) as ToolCallback<StandardSchemaWithJSON>;
}

/** One `registerResource` per documentation or UI resource served now; gone ones removed. */
function syncResources(
  mcp: McpServer,
  runtime: ServerRuntime,
  registered: Map<string, RegisteredResource>,
): void {
  const wanted = new Map(
    [...runtime.resources.list(), ...runtime.apps.list()].map((resource) => [
      resource.uri,
      resource,
    ]),
  );
  for (const [uri, handle] of registered) {
    if (wanted.has(uri)) continue;
    handle.remove();
    registered.delete(uri);
  }
  for (const [uri, resource] of wanted) {
    if (registered.has(uri)) continue;
    const read = (async (url: URL) =>
      (await readAttachedResource(runtime, url.href)) ?? { contents: [] }) as ReadResourceCallback;
    const { name, uri: _uri, ...metadata } = resource;
    registered.set(uri, mcp.registerResource(name, uri, metadata, read));
  }
}
