import type { Identity } from '@apcore-mcp/core';
import {
  ResourceNotFoundError as SdkResourceNotFoundError,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { CacheHints } from '../kernel/cache-hints.js';
import type { ToolSource, ToolsFor } from '../kernel/served-tool.js';
import type { ResourceSource } from '../resources/documentation-resources.js';
import { ResourceNotFoundError } from '../resources/resource-not-found-error.js';
import type { CallStateCodec } from './call-state-codec.js';
import { toRouterCallExtra } from './to-router-call-extra.js';
import type { ToolFront } from './tool-front.js';
import { toolsOfRequest } from './tools-of-request.js';

/**
 * What {@link createSdkServer} serves, and how it introduces itself.
 *
 * @example
 * ```ts
 * const options: SdkServerOptions = { name: 'tools', version: '1.0.0', tools: front, requestState };
 * ```
 */
export interface SdkServerOptions {
  /** Server name reported to clients. */
  name: string;
  /** Server version reported to clients. */
  version: string;
  /** The tools to list (read on every `tools/list`, so changes show up at once) and call. */
  tools: ToolFront;
  /** Answers `resources/list` and `resources/read`; no resources capability when absent. */
  resources?: ResourceSource;
  /** Advertise `tools.listChanged` (the server sends `notifications/tools/list_changed`). */
  listChanged?: boolean;
  /** `ttlMs` / `cacheScope` of list and read results, for 2026-07-28 clients only. */
  cacheHints?: CacheHints | undefined;
  /** Signs and verifies the `requestState` of 2026-07-28 input rounds (approvals). */
  requestState: CallStateCodec;
  /**
   * What each request's caller may see of `tools`: `tools/list` and the resources then show a
   * caller only the modules its ACL lets it call. Absent: everything.
   */
  toolsFor?: ToolsFor;
  /** The caller when a request carries none. */
  identity?: Identity | undefined;
}

/**
 * A low-level SDK `Server` answering `tools/list`, `tools/call` and (with `resources`)
 * `resources/list` / `resources/read` / `resources/templates/list` from the given sources, under
 * both protocol revisions. Tools are listed as built (their JSON Schemas verbatim) and calls go
 * to the router, so building a server costs only its handlers: one per session, or one per
 * request on 2026-07-28, all sharing the same sources.
 *
 * @example
 * ```ts
 * const server = createSdkServer({ name: 'my-tools', version: '1.0.0', tools: front, requestState });
 * serveStdio(() => server);
 * ```
 */
export function createSdkServer(options: SdkServerOptions): Server {
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: {
        tools: { listChanged: options.listChanged ?? false },
        // Modules log through `log()`; the SDK then also answers `logging/setLevel` (2025).
        logging: {},
        ...(options.resources ? { resources: {} } : {}),
      },
      // Server options, not handler results: hints returned by a handler reach 2025 clients too.
      ...(options.cacheHints === undefined ? {} : { cacheHints: options.cacheHints }),
      // The SDK refuses a state that fails verification (-32602) before any handler runs.
      requestState: { verify: options.requestState.verify },
    },
  );
  const { tools, resources } = options;
  const { toolsFor } = options;
  const visibleTools = (ctx: ServerContext): ToolSource =>
    toolsFor === undefined ? tools.served : toolsOfRequest(ctx, toolsFor, options.identity);
  server.setRequestHandler('tools/list', (_request, ctx) => ({
    tools: tools.list(visibleTools(ctx)),
  }));
  server.setRequestHandler('tools/call', (request, ctx) =>
    tools.call(
      request.params.name,
      request.params.arguments ?? {},
      toRouterCallExtra(ctx, server, options.requestState),
    ),
  );
  if (resources) registerResourceHandlers(server, resources, visibleTools);
  return server;
}

function registerResourceHandlers(
  server: Server,
  resources: ResourceSource,
  visibleTools: (ctx: ServerContext) => ToolSource,
): void {
  server.setRequestHandler('resources/list', (_request, ctx) => ({
    resources: resources.list(visibleTools(ctx)),
  }));
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
  server.setRequestHandler('resources/read', (request, ctx) => {
    const result = resources.read(request.params.uri, visibleTools(ctx));
    if (result !== undefined) return result;
    const notFound = new ResourceNotFoundError(request.params.uri);
    // The SDK's own class: it answers -32602 with `data: { uri }` in both revisions, as the
    // 2026-07-28 spec requires (and rewrites a thrown -32002 to that anyway).
    throw new SdkResourceNotFoundError(notFound.details.uri, notFound.message);
  });
}
