import { silentLogger } from '@apcore-mcp/core/bridge';
import type {
  CallToolResult,
  Server,
  ServerCapabilities,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ToolSource } from '../kernel/served-tool.js';
import { isTaskCreatedResult, type TaskCreatedResult } from '../kernel/task-created-result.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
  type SurfaceHandler,
} from '../requests/register-request-handler.js';
import type { DefinitionAsking } from './asking-definition-call.js';
import { registerCompletionHandler } from './completion-handler.js';
import type { McpSurfaceOptions } from './mcp-surface-options.js';
import { DEFAULT_MAX_RESOURCE_URI_LENGTH } from './resource-bound-defaults.js';
import { registerResourceHandlers } from './resource-handlers.js';
import type { ResourceSource } from './resource-source.js';
import { surfaceCapabilities } from './surface-capabilities.js';
import {
  type HostEntries,
  mergeCapabilities,
  type SurfaceContext,
  type SurfaceHooks,
  type SurfacePart,
} from './surface-part.js';
import { toRouterCallExtra } from './to-router-call-extra.js';
import { toolsOfRequest } from './tools-of-request.js';
import { verifyHostRequestState } from './verify-host-request-state.js';

/**
 * What a server serves, assembled once: its capabilities (the extensions among them) and its
 * request handlers by method. Every host installs this same surface — our own SDK `Server`
 * (`sdkServerFactory`, behind `serve`, `startServer` and `createMcpHandler`) and a host's server
 * (`attachToServer`) — so no method is answered two ways.
 *
 * @example
 * ```ts
 * const surface = createMcpSurface(options);
 * const server = new Server(info, { capabilities: surface.capabilities });
 * surface.addHandlers(serverTarget(server));
 * ```
 */
export interface McpSurface {
  /** What the surface declares: tools, logging, resources, prompts, completions, extensions. */
  readonly capabilities: ServerCapabilities;
  /**
   * Gives `target` every handler, each answering for `target.server` (its connection's
   * revision, client and notifications); returns what the parts add to the tool list there.
   */
  addHandlers(target: RequestHandlerTarget): Pick<SurfaceHooks, 'listTools'>;
  /** Every part's resource source, in the feature list's order. */
  readonly resources: readonly ResourceSource[];
  /** What a host registering entries one by one registers beside the resources, as now. */
  hostEntries(): Required<HostEntries>;
}

/**
 * The surface of `options`: `tools/list` and `tools/call` (through the tool router), resources
 * and templates, prompts, completions and skills as the options serve them, and what the
 * features' parts add (tasks, say).
 *
 * @example
 * ```ts
 * const surface = createMcpSurface({ tools: front, requests, requestState, roundClaims });
 * ```
 */
export function createMcpSurface(options: McpSurfaceOptions): McpSurface {
  const parts = servedParts(options);
  const capabilities = mergeCapabilities([
    surfaceCapabilities(options),
    ...parts.map((part) => part.capabilities()),
  ]);
  return {
    capabilities,
    // A host's server does not verify our requestState: its round handlers do it themselves.
    addHandlers: (target) =>
      addSurfaceHandlers(
        verifyHostRequestState(target, options.requestState),
        options,
        capabilities,
      ),
    resources: parts.flatMap((part) => part.resources ?? []),
    hostEntries: () => {
      const entries = parts.map((part) => part.hostEntries?.() ?? {});
      return {
        templates: entries.flatMap((entry) => entry.templates ?? []),
        prompts: entries.flatMap((entry) => entry.prompts ?? []),
      };
    },
  };
}

/**
 * The handlers of `surface` for `server`'s connection, by method, as a host that installs
 * them its own way takes them.
 *
 * @example
 * ```ts
 * const { handlers } = surfaceHandlers(surface, host);
 * await handlers.get('prompts/list')?.handle({ method: 'prompts/list' }, ctx);
 * ```
 */
export function surfaceHandlers(
  surface: McpSurface,
  server: Server,
): { handlers: Map<string, SurfaceHandler>; listTools: (tools: McpTool[]) => McpTool[] } {
  const handlers = new Map<string, SurfaceHandler>();
  const hooks = surface.addHandlers({
    server,
    add: (method, entry) => handlers.set(method, entry),
  });
  return { handlers, listTools: (tools) => hooks.listTools?.(tools) ?? tools };
}

/** The parts the host serves: all of them, but on a host's server those that need ours. */
function servedParts(options: McpSurfaceOptions): readonly SurfacePart[] {
  const parts = options.parts ?? [];
  return options.attached ? parts.filter((part) => part.servedWhenAttached !== false) : parts;
}

function addSurfaceHandlers(
  target: RequestHandlerTarget,
  options: McpSurfaceOptions,
  capabilities: ServerCapabilities,
): Pick<SurfaceHooks, 'listTools'> {
  const { tools, toolsFor, requests, identity } = options;
  const { server } = target;
  const visibleTools = (ctx: ServerContext): ToolSource =>
    toolsFor === undefined ? tools.served : toolsOfRequest(ctx, toolsFor, identity);
  const context: SurfaceContext = {
    requests,
    identity,
    visibleTools,
    asking: definitionAsking(target, options),
    cacheHints: options.cacheHints,
  };
  const parts = servedParts(options);
  const hooks = parts.flatMap((part) => part.addHandlers?.(target, context) ?? []);
  const listTools = (listed: McpTool[]): McpTool[] =>
    hooks.reduce((tools, hook) => hook.listTools?.(tools) ?? tools, listed);
  registerRequestHandler(target, requests, 'tools/list', (_request, ctx) => ({
    tools: listTools(tools.list(visibleTools(ctx))),
  }));
  const answerCreatedTask = hooks.find(
    (hook) => hook.answerCreatedTask !== undefined,
  )?.answerCreatedTask;
  // `tools/call` runs through the router's pipeline alone (see RequestPipeline).
  registerRequestHandler(target, requests, 'tools/call', async (request, ctx) => {
    const { params } = request;
    const extra = toRouterCallExtra(ctx, server, options.requestState, params);
    if (answerCreatedTask !== undefined) extra.tasksServed = true;
    const answer = await tools.call(params.name, params.arguments ?? {}, extra);
    if (isTaskCreatedResult(answer) && answerCreatedTask !== undefined) {
      // The task on the request's revision's wire: the SDK's result types know no task yet,
      // and RevisionServer lets 2025-11-25's `{ task }` past the SDK's check of tool results.
      return answerCreatedTask(answer, ctx) as unknown as CallToolResult;
    }
    return answer as Exclude<typeof answer, TaskCreatedResult>;
  });
  addResourceHandlers(target, options, { parts, capabilities, context });
  return { listTools };
}

/** How a prompt or resource read on `target`'s server asks its client. */
function definitionAsking(
  target: RequestHandlerTarget,
  options: McpSurfaceOptions,
): DefinitionAsking {
  return {
    server: target.server,
    codec: options.requestState,
    claims: options.roundClaims,
    identity: options.identity,
    logger: options.logger ?? silentLogger,
  };
}

/**
 * The frame's handlers of what the parts serve beside the tools: the resource methods while a
 * part has a resource source (subscriptions while one declares `resources.subscribe`), and
 * `completion/complete` while one declares `completions`.
 */
function addResourceHandlers(
  target: RequestHandlerTarget,
  options: McpSurfaceOptions,
  surface: {
    parts: readonly SurfacePart[];
    capabilities: ServerCapabilities;
    context: SurfaceContext;
  },
): void {
  const { parts, capabilities, context } = surface;
  const { identity, requests, visibleTools, asking } = context;
  if (capabilities.completions !== undefined) {
    const providers = parts.flatMap((part) => part.completions ?? []);
    registerCompletionHandler(target, { providers, identity, logger: asking.logger, requests });
  }
  const sources = parts.flatMap((part) => part.resources ?? []);
  if (sources.length === 0) return;
  const subscribes = capabilities.resources?.subscribe === true;
  registerResourceHandlers(target, {
    sources,
    subscriptions: subscribes ? options.subscriptions : undefined,
    maxUriLength: options.maxResourceUriLength ?? DEFAULT_MAX_RESOURCE_URI_LENGTH,
    visibleTools,
    asking,
    requests,
  });
}
