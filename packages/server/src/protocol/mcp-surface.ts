import { silentLogger } from '@apcore-mcp/core';
import type {
  CallToolResult,
  Server,
  ServerCapabilities,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { ToolSource } from '../kernel/served-tool.js';
import { isTaskCreatedResult, type TaskCreatedResult } from '../kernel/task-created-result.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
  type SurfaceHandler,
} from '../requests/register-request-handler.js';
import { withSkillLinks } from '../skills/skill-links.js';
import type { DefinitionAsking } from './asking-definition-call.js';
import { registerCompletionHandler } from './completion-handler.js';
import type { McpSurfaceOptions } from './mcp-surface-options.js';
import { registerPromptHandlers } from './prompt-handlers.js';
import { DEFAULT_MAX_RESOURCE_URI_LENGTH } from './resource-bounds.js';
import { registerResourceHandlers } from './resource-handlers.js';
import { registerSkillHandlers } from './skill-handlers.js';
import {
  completes,
  hasPrompts,
  servedSkills,
  subscribable,
  surfaceCapabilities,
} from './surface-capabilities.js';
import { mergeCapabilities, type SurfaceContext, type SurfacePart } from './surface-part.js';
import { toRouterCallExtra } from './to-router-call-extra.js';
import { toolsOfRequest } from './tools-of-request.js';
import { verifyHostRequestState } from './verify-host-request-state.js';

/**
 * What a server serves, assembled once: its capabilities (the extensions among them) and its
 * request handlers by method. Every host installs this same surface — our own SDK `Server`
 * (`createSdkServer`, behind `serve`, `startServer` and `createMcpHandler`) and a host's server
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
   * revision, client and notifications).
   */
  addHandlers(target: RequestHandlerTarget): void;
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
  return {
    capabilities: mergeCapabilities([
      surfaceCapabilities(options),
      ...parts.map((part) => part.capabilities()),
    ]),
    // A host's server does not verify our requestState: its round handlers do it themselves.
    addHandlers: (target) =>
      addSurfaceHandlers(verifyHostRequestState(target, options.requestState), options),
  };
}

/**
 * The handlers of `surface` for `server`'s connection, by method, as a host that installs
 * them its own way takes them.
 *
 * @example
 * ```ts
 * const handlers = surfaceHandlers(surface, host);
 * await handlers.get('prompts/list')?.handle({ method: 'prompts/list' }, ctx);
 * ```
 */
export function surfaceHandlers(surface: McpSurface, server: Server): Map<string, SurfaceHandler> {
  const handlers = new Map<string, SurfaceHandler>();
  surface.addHandlers({ server, add: (method, entry) => handlers.set(method, entry) });
  return handlers;
}

/** The parts the host serves: all of them, but on a host's server those that need ours. */
function servedParts(options: McpSurfaceOptions): readonly SurfacePart[] {
  const parts = options.parts ?? [];
  return options.attached ? parts.filter((part) => part.servedWhenAttached !== false) : parts;
}

function addSurfaceHandlers(target: RequestHandlerTarget, options: McpSurfaceOptions): void {
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
  const hooks = servedParts(options).flatMap((part) => part.addHandlers?.(target, context) ?? []);
  const skills = servedSkills(options);
  registerRequestHandler(target, requests, 'tools/list', (_request, ctx) => {
    let listed = tools.list(visibleTools(ctx));
    if (skills !== undefined) listed = withSkillLinks(listed, skills);
    for (const hook of hooks) listed = hook.listTools?.(listed) ?? listed;
    return { tools: listed };
  });
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
  addDefinitionHandlers(target, options, visibleTools, context.asking);
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
    logger: options.definitions?.logger ?? silentLogger,
  };
}

/**
 * The handlers of what is served beside the tools: prompts and completions while there are
 * any, resources (`docs://`, `ui://`, skills and defined) with `resources`.
 */
function addDefinitionHandlers(
  target: RequestHandlerTarget,
  options: McpSurfaceOptions,
  visibleTools: (ctx: ServerContext) => ToolSource,
  asking: DefinitionAsking,
): void {
  const { definitions, identity, resources, requests } = options;
  const logger = asking.logger;
  if (definitions !== undefined && hasPrompts(options)) {
    registerPromptHandlers(target, { prompts: definitions.prompts, asking, requests });
  }
  if (definitions !== undefined && completes(options)) {
    registerCompletionHandler(target, { ...definitions, identity, logger, requests });
  }
  if (resources === undefined) return;
  const skills = servedSkills(options);
  if (skills !== undefined) registerSkillHandlers(target, { skills, visibleTools, requests });
  registerResourceHandlers(target, {
    docs: resources,
    apps: options.apps,
    defined: definitions?.resources,
    skills,
    subscriptions: subscribable(options) ? definitions?.subscriptions : undefined,
    maxUriLength: definitions?.maxResourceUriLength ?? DEFAULT_MAX_RESOURCE_URI_LENGTH,
    visibleTools,
    asking,
    requests,
  });
}
