import { toMcpAnnotations, toToolMeta } from '@apcore-mcp/annotations';
import {
  type ListOptions,
  type Logger,
  MODULE_ID_META_KEY,
  type ModuleDescriptor,
  type RegistryLike,
  silentLogger,
  type ToolNameStyle,
  ToolNameTable,
  toListOptions,
  toToolName,
} from '@apcore-mcp/core';
import { SchemaConverter } from '@apcore-mcp/schema';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ResourceSource } from './documentation-resources.js';
import type { ExecutionRouter } from './execution-router.js';
import { RESOURCE_NOT_FOUND_CODE, ResourceNotFoundError } from './resource-not-found-error.js';
import type { ServedTool, ToolSource } from './tool-source.js';

/**
 * Options of {@link MCPServerFactory}.
 *
 * @example
 * ```ts
 * const factory = new MCPServerFactory({ logger, schemaConverter: new SchemaConverter() });
 * ```
 */
export interface MCPServerFactoryOptions {
  /** Receives the warnings about skipped modules. Silent when absent. */
  logger?: Logger;
  /** The converter for module schemas; a default one when absent. */
  schemaConverter?: SchemaConverter;
  /** How modules are named as tools; default `'safe'` (see `toToolName` in `@apcore-mcp/core`). */
  toolNames?: ToolNameStyle;
}

/**
 * A module {@link MCPServerFactory.buildTools} left out, and why.
 *
 * @example
 * ```ts
 * const skipped: SkippedModule = { moduleId: 'a.b', reason: 'circular $ref' };
 * ```
 */
export interface SkippedModule {
  moduleId: string;
  reason: string;
}

/**
 * What {@link MCPServerFactory.buildTools} built and what it skipped.
 *
 * @example
 * ```ts
 * const { tools, skipped }: BuildToolsResult = factory.buildTools(registry);
 * ```
 */
export interface BuildToolsResult {
  tools: ServedTool[];
  skipped: SkippedModule[];
}

/**
 * Options of {@link MCPServerFactory.createServer}.
 *
 * @example
 * ```ts
 * const options: CreateServerOptions = { name: 'tools', version: '1.0.0', tools, router };
 * ```
 */
export interface CreateServerOptions {
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
  /** Instructions for the client, sent at initialization. */
  instructions?: string;
}

/**
 * Builds MCP tools from apcore module descriptors and low-level SDK `Server`s that serve them.
 *
 * @example
 * ```ts
 * const factory = new MCPServerFactory({ logger });
 * const { tools, skipped } = factory.buildTools(registry, { tags: ['public'] });
 * ```
 */
export class MCPServerFactory {
  readonly #logger: Logger;
  readonly #converter: SchemaConverter;
  /** How this factory names modules as tools. */
  readonly toolNames: ToolNameStyle;

  constructor(options: MCPServerFactoryOptions = {}) {
    this.#logger = options.logger ?? silentLogger;
    this.#converter = options.schemaConverter ?? new SchemaConverter({ logger: this.#logger });
    this.toolNames = options.toolNames ?? 'safe';
  }

  /**
   * One MCP tool for one module: its tool name (see `toolNames`), the module's name as `title`
   * (its id when it has none), description, converted input schema, output schema when the
   * module declares a non-empty object one, mapped annotations, and the apcore facts in `_meta`
   * (the module id under `apcore/moduleId`). Schemas are converted here, once, from copies:
   * later in-place rewrites of the descriptor (apcore-js does that) change nothing.
   *
   * @throws when the module id has no tool name or a schema cannot be converted.
   * @example
   * ```ts
   * const tool = factory.buildTool(registry.getDefinition('image.resize')!);
   * tool.name; // 'image-resize'
   * ```
   */
  buildTool(descriptor: ModuleDescriptor): Tool {
    const { moduleId } = descriptor;
    const name = toToolName(moduleId, this.toolNames);
    const title =
      typeof descriptor.name === 'string' && descriptor.name !== '' ? descriptor.name : moduleId;
    const tool: Tool = {
      name,
      title,
      description: typeof descriptor.description === 'string' ? descriptor.description : '',
      inputSchema: this.#converter.convertInputSchema(descriptor) as Tool['inputSchema'],
      annotations: toMcpAnnotations(descriptor.annotations ?? null, { title }),
      _meta: this.#buildMeta(descriptor),
    };
    const outputSchema = this.#buildOutputSchema(descriptor);
    if (outputSchema !== undefined) tool.outputSchema = outputSchema;
    return tool;
  }

  /**
   * Tools for every module of a registry that passes the filters (`tags`: all present;
   * `prefix`: id starts with it). A module that cannot be built is skipped with a warning naming
   * it and the reason; the others are still served.
   *
   * @throws {ToolNameCollisionError} when two modules would get the same tool name.
   * @example
   * ```ts
   * const { tools, skipped } = factory.buildTools(registry, { prefix: 'image.' });
   * ```
   */
  buildTools(registry: RegistryLike, filter: ListOptions = {}): BuildToolsResult {
    const tools: ServedTool[] = [];
    const skipped: SkippedModule[] = [];
    const names = new ToolNameTable(this.toolNames);
    for (const moduleId of registry.list(toListOptions(filter))) {
      const outcome = this.tryBuildTool(registry, moduleId);
      if ('skipped' in outcome) {
        skipped.push(outcome.skipped);
        continue;
      }
      names.add(moduleId);
      tools.push(outcome.served);
    }
    return { tools, skipped };
  }

  /**
   * Builds the tool of one registered module, or says why it could not (after logging a
   * warning). Never throws; whether its name is free is the caller's to check.
   *
   * @example
   * ```ts
   * const outcome = factory.tryBuildTool(registry, 'image.resize');
   * if ('served' in outcome) console.log(outcome.served.tool.name);
   * ```
   */
  tryBuildTool(
    registry: RegistryLike,
    moduleId: string,
  ): { served: ServedTool } | { skipped: SkippedModule } {
    let reason: string;
    try {
      // Conversion only reads the schemas and builds new ones: no need for copies of them.
      const descriptor = registry.getDefinition(moduleId, { copy: false });
      if (descriptor) return { served: { moduleId, tool: this.buildTool(descriptor) } };
      reason = 'the registry has no definition for it';
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    this.#logger.warn({ moduleId, reason }, `Skipping module ${moduleId}: ${reason}`);
    return { skipped: { moduleId, reason } };
  }

  /**
   * A low-level SDK `Server` answering `tools/list`, `tools/call` and (with `resources`)
   * `resources/list` / `resources/read` from the given sources. A `Server` serves one
   * connection: create one per session, all sharing the same sources.
   *
   * @example
   * ```ts
   * const server = factory.createServer({ name: 'my-tools', version: '1.0.0', tools, router });
   * await server.connect(new StdioServerTransport());
   * ```
   */
  createServer(options: CreateServerOptions): Server {
    const server = new Server(
      { name: options.name, version: options.version },
      {
        capabilities: {
          tools: { listChanged: options.listChanged ?? false },
          ...(options.resources ? { resources: {} } : {}),
        },
        ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      },
    );
    const { tools, router, resources } = options;
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: tools.list().map((entry) => entry.tool),
    }));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      // What the router reads, named one by one: spreading the SDK's `extra` costs more.
      router.handleCall(request.params.name, request.params.arguments ?? {}, {
        signal: extra.signal,
        sessionId: extra.sessionId,
        _meta: extra._meta,
        sendNotification: extra.sendNotification,
        sendRequest: extra.sendRequest,
        authInfo: extra.authInfo,
        clientCapabilities: server.getClientCapabilities(),
      }),
    );
    if (resources) registerResourceHandlers(server, resources);
    return server;
  }

  #buildMeta(descriptor: ModuleDescriptor): Record<string, unknown> {
    // Built in place, not by spreading: a served tool keeps its `_meta`, and each spread leaves
    // an oversized object behind.
    const meta: Record<string, unknown> = toToolMeta(descriptor.annotations ?? null);
    meta[MODULE_ID_META_KEY] = descriptor.moduleId;
    if (Array.isArray(descriptor.tags) && descriptor.tags.length > 0) {
      meta['apcore/tags'] = descriptor.tags.slice();
    }
    if (typeof descriptor.version === 'string') meta['apcore/version'] = descriptor.version;
    return meta;
  }

  #buildOutputSchema(descriptor: ModuleDescriptor): Tool['outputSchema'] | undefined {
    const converted = this.#converter.convertOutputSchema(descriptor);
    if (Object.keys(converted).length === 0) return undefined;
    if (converted.type !== 'object') {
      // MCP only accepts object output schemas; the tool still answers with text.
      this.#logger.debug(
        { moduleId: descriptor.moduleId },
        'Output schema root is not an object; not advertised',
      );
      return undefined;
    }
    return converted as Tool['outputSchema'];
  }
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
