import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ExecutionRouter } from '../calls/execution-router.js';
import type { ResourceSource } from '../resources/documentation-resources.js';
import {
  RESOURCE_NOT_FOUND_CODE,
  ResourceNotFoundError,
} from '../resources/resource-not-found-error.js';
import type { ToolSource } from '../tools/served-tool.js';

/**
 * What {@link createSdkServer} serves, and how it introduces itself.
 *
 * @example
 * ```ts
 * const options: SdkServerOptions = { name: 'tools', version: '1.0.0', tools, router };
 * ```
 */
export interface SdkServerOptions {
  /** Server name reported to clients. */
  name: string;
  /** Server version reported to clients. */
  version: string;
  /** The tools to list; read on every `tools/list`, so changes show up at once. */
  tools: ToolSource;
  /** Answers `tools/call`. */
  router: ExecutionRouter;
  /** Answers `resources/list` and `resources/read`; no resources capability when absent. */
  resources?: ResourceSource;
  /** Advertise `tools.listChanged` (the server sends `notifications/tools/list_changed`). */
  listChanged?: boolean;
}

/**
 * A low-level SDK `Server` answering `tools/list`, `tools/call` and (with `resources`)
 * `resources/list` / `resources/read` from the given sources. A `Server` serves one
 * connection: create one per session, all sharing the same sources.
 *
 * @example
 * ```ts
 * const server = createSdkServer({ name: 'my-tools', version: '1.0.0', tools, router });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createSdkServer(options: SdkServerOptions): Server {
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: {
        tools: { listChanged: options.listChanged ?? false },
        ...(options.resources ? { resources: {} } : {}),
      },
    },
  );
  const { tools, router, resources } = options;
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.list().map((entry) => entry.tool),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    router.handleCall(request.params.name, request.params.arguments ?? {}, {
      ...extra,
      clientCapabilities: server.getClientCapabilities(),
    }),
  );
  if (resources) registerResourceHandlers(server, resources);
  return server;
}

function registerResourceHandlers(server: Server, resources: ResourceSource): void {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: resources.list() }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const result = resources.read(request.params.uri);
    if (result === undefined) throw toMcpError(new ResourceNotFoundError(request.params.uri));
    return result;
  });
}

/** The SDK answers a handler's error with its numeric `code`, `message` and `data`. */
function toMcpError(error: ResourceNotFoundError): McpError {
  const answer = new McpError(RESOURCE_NOT_FOUND_CODE, error.message, error.details);
  // McpError prefixes its message with "MCP error <code>:"; clients add that prefix themselves,
  // so the wire message stays plain.
  answer.message = error.message;
  return answer;
}
