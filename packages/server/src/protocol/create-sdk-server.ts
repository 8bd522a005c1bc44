import type { TaskEngine } from '@apcore-mcp/core';
import { type Identity, type Logger, silentLogger } from '@apcore-mcp/core';
import type { CallToolResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { APP_RESOURCE_MIME_TYPE, APPS_EXTENSION_ID } from '../kernel/apps-extension.js';
import type { CacheHints } from '../kernel/cache-hints.js';
import type { ToolSource, ToolsFor } from '../kernel/served-tool.js';
import { isTaskCreatedResult, type TaskCreatedResult } from '../kernel/task-created-result.js';
import { TASKS_EXTENSION } from '../kernel/task-results.js';
import type { PromptCatalog } from '../prompts/prompt-catalog.js';
import { registerRequestHandler } from '../requests/register-request-handler.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import type { AppResources } from '../resources/app-resources.js';
import type { DefinedResources } from '../resources/defined-resources.js';
import type { ResourceSource } from '../resources/documentation-resources.js';
import { RevisionServer } from '../revisions/revision-server.js';
import type { ServedSkills } from '../skills/served-skills.js';
import { withSkillLinks } from '../skills/skill-links.js';
import type { RoundClaims } from '../store/round-claims.js';
import type { DefinitionAsking } from './asking-definition-call.js';
import type { CallStateCodec } from './call-state-codec.js';
import { registerCompletionHandler } from './completion-handler.js';
import { registerPromptHandlers } from './prompt-handlers.js';
import { DEFAULT_MAX_RESOURCE_URI_LENGTH } from './resource-bounds.js';
import { registerResourceHandlers } from './resource-handlers.js';
import type { ResourceSubscriptions } from './resource-subscriptions.js';
import { registerSkillHandlers, SKILLS_EXTENSION_ID } from './skill-handlers.js';
import { registerTaskHandlers } from './task-handlers.js';
import { toRouterCallExtra } from './to-router-call-extra.js';
import type { ToolFront } from './tool-front.js';
import { toolsOfRequest } from './tools-of-request.js';

/**
 * What a server serves beside the tools, declared with `@apcore-mcp/core`'s `define*`: the
 * resources and templates (while there are any, clients may subscribe to them; 2025-11-25
 * subscriptions are kept in `subscriptions`), and the prompts (the `prompts` capability and
 * handlers while there are any); `completion/complete` while an argument or variable suggests
 * values. A live source (an option given as a function) declares its capabilities, with
 * `listChanged`, from the start.
 *
 * @example
 * ```ts
 * const sources: ServedDefinitionSources = { resources: defined, subscriptions: new ResourceSubscriptions() };
 * ```
 */
export interface ServedDefinitionSources {
  resources: DefinedResources;
  subscriptions: ResourceSubscriptions;
  /** The longest URI read or subscribed to, in characters (`DEFAULT_MAX_RESOURCE_URI_LENGTH`). */
  maxResourceUriLength?: number;
  prompts: PromptCatalog;
  /** The skills of the `skills` directory, when there is one. */
  skills?: ServedSkills | undefined;
  /** Where a definition that fails is logged. */
  logger: Logger;
}

/**
 * What {@link createSdkServer} serves, and how it introduces itself.
 *
 * @example
 * ```ts
 * const options: SdkServerOptions = { name: 'tools', version: '1.0.0', tools: front, requestState, roundClaims };
 * ```
 */
export interface SdkServerOptions {
  /** Server name reported to clients. */
  name: string;
  /** Server version reported to clients. */
  version: string;
  /** The tools to list (read on every `tools/list`, so changes show up at once) and call. */
  tools: ToolFront;
  /**
   * The request pipeline every handler runs through (tracing, metrics, the shutdown gate, the
   * ledger, limits, the result cap); none: the handlers are registered as they are.
   */
  requests?: RequestPipeline | undefined;
  /** Answers `resources/list` and `resources/read`; no resources capability when absent. */
  resources?: ResourceSource;
  /**
   * The modules' UIs (MCP Apps), served with `resources`: the apps extension is declared while
   * a served module has one.
   */
  apps?: AppResources | undefined;
  /** What is declared beside the modules (`define*`): served with `resources`. */
  definitions?: ServedDefinitionSources | undefined;
  /** Advertise `tools.listChanged` (the server sends `notifications/tools/list_changed`). */
  listChanged?: boolean;
  /** `ttlMs` / `cacheScope` of list and read results, for 2026-07-28 clients only. */
  cacheHints?: CacheHints | undefined;
  /** Signs and verifies the `requestState` of 2026-07-28 input rounds (approvals). */
  requestState: CallStateCodec;
  /**
   * Where the answered rounds of prompts and resource reads are claimed, once (the tools'
   * router claims its own there too).
   */
  roundClaims: RoundClaims;
  /**
   * What each request's caller may see of `tools`: `tools/list` and the resources then show a
   * caller only the modules its ACL lets it call. Absent: everything.
   */
  toolsFor?: ToolsFor;
  /** The caller when a request carries none. */
  identity?: Identity | undefined;
  /**
   * Where calls that become tasks live: the tasks extension is declared and `tasks/get`,
   * `tasks/update` and `tasks/cancel` answered over it; a 2025-11-25 connection is told of
   * the `tasks` capability, and its `tools/call` with a `task`, `tasks/get`, `tasks/result` and
   * `tasks/cancel` are served over it too.
   */
  tasks?: TaskEngine | undefined;
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
 * const server = createSdkServer({ name: 'my-tools', version: '1.0.0', tools: front, requestState, roundClaims });
 * serveStdio(() => server);
 * ```
 */
export function createSdkServer(options: SdkServerOptions): Server {
  const server = new RevisionServer(
    { name: options.name, version: options.version },
    {
      capabilities: {
        tools: { listChanged: options.listChanged ?? false },
        // Modules log through `log()`; the SDK then also answers `logging/setLevel` (2025).
        logging: {},
        ...(options.resources ? { resources: resourceCapability(options) } : {}),
        ...(hasPrompts(options) ? { prompts: promptCapability(options) } : {}),
        ...(completes(options) ? { completions: {} } : {}),
        ...extensionCapabilities(options),
      },
      // Server options, not handler results: hints returned by a handler reach 2025 clients too.
      ...(options.cacheHints === undefined ? {} : { cacheHints: options.cacheHints }),
      // The SDK refuses a state that fails verification (-32602) before any handler runs.
      requestState: { verify: options.requestState.verify },
    },
    { tasks: options.tasks !== undefined },
  );
  const { tools, toolsFor, requests } = options;
  const visibleTools = (ctx: ServerContext): ToolSource =>
    toolsFor === undefined ? tools.served : toolsOfRequest(ctx, toolsFor, options.identity);
  const skills = servedSkills(options);
  registerRequestHandler(server, requests, 'tools/list', (_request, ctx) => {
    const listed = tools.list(visibleTools(ctx));
    return { tools: skills === undefined ? listed : withSkillLinks(listed, skills) };
  });
  const { tasks: engine, identity } = options;
  const answerCreatedTask =
    engine === undefined ? undefined : registerTaskHandlers(server, { engine, identity, requests });
  // `tools/call` runs through the router's pipeline alone (see RequestPipeline).
  registerRequestHandler(server, requests, 'tools/call', async (request, ctx) => {
    const { params } = request;
    const extra = toRouterCallExtra(ctx, server, options.requestState, params);
    if (options.tasks !== undefined) extra.tasksServed = true;
    const answer = await tools.call(params.name, params.arguments ?? {}, extra);
    if (isTaskCreatedResult(answer) && answerCreatedTask !== undefined) {
      // The task on the request's revision's wire: the SDK's result types know no task yet,
      // and RevisionServer lets 2025-11-25's `{ task }` past the SDK's check of tool results.
      return answerCreatedTask(answer, ctx) as unknown as CallToolResult;
    }
    return answer as Exclude<typeof answer, TaskCreatedResult>;
  });
  registerDefinitionHandlers(server, options, visibleTools);
  return server;
}

/**
 * The handlers of what is served beside the tools: prompts and completions while there are
 * any, resources (`docs://` and defined) with `resources`.
 */
function registerDefinitionHandlers(
  server: Server,
  options: SdkServerOptions,
  visibleTools: (ctx: ServerContext) => ToolSource,
): void {
  const { definitions, identity, resources, requests } = options;
  const logger = definitions?.logger ?? silentLogger;
  const asking: DefinitionAsking = {
    server,
    codec: options.requestState,
    claims: options.roundClaims,
    identity,
    logger,
  };
  if (definitions !== undefined && hasPrompts(options)) {
    registerPromptHandlers(server, { prompts: definitions.prompts, asking, requests });
  }
  if (definitions !== undefined && completes(options)) {
    registerCompletionHandler(server, { ...definitions, identity, logger, requests });
  }
  if (resources === undefined) return;
  const skills = servedSkills(options);
  if (skills !== undefined) registerSkillHandlers(server, { skills, visibleTools, requests });
  registerResourceHandlers(server, {
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

/**
 * The skills to serve: only when there are some (the extension is declared, and its methods
 * answered, only then) and resources are served (skill files are resources).
 */
function servedSkills(options: SdkServerOptions): ServedSkills | undefined {
  const skills = options.definitions?.skills;
  return skills === undefined || skills.isEmpty || options.resources === undefined
    ? undefined
    : skills;
}

/**
 * The extensions declared: tasks with an engine, skills while there are any, and apps (with the
 * MIME type of its UIs, as a host declares it) while a served module has a UI.
 */
function extensionCapabilities(options: SdkServerOptions): {
  extensions?: Record<string, Record<string, boolean | string[]>>;
} {
  const extensions: Record<string, Record<string, boolean | string[]>> = {};
  if (options.tasks !== undefined) extensions[TASKS_EXTENSION] = {};
  if (servedSkills(options) !== undefined) {
    extensions[SKILLS_EXTENSION_ID] = { directoryRead: true };
  }
  if (options.resources !== undefined && options.apps?.any()) {
    extensions[APPS_EXTENSION_ID] = { mimeTypes: [APP_RESOURCE_MIME_TYPE] };
  }
  return Object.keys(extensions).length === 0 ? {} : { extensions };
}

/**
 * Whether there are prompts to serve: the `prompts` capability and handlers only then. A live
 * source counts from the start, empty or not: a prompt added later is announced on the
 * connections open by then, which must have been told of prompts when they began.
 */
function hasPrompts(options: SdkServerOptions): boolean {
  const prompts = options.definitions?.prompts;
  return prompts !== undefined && (prompts.live || !prompts.isEmpty);
}

/** `listChanged` when the prompts may change while serving. */
function promptCapability(options: SdkServerOptions): { listChanged?: boolean } {
  return options.definitions?.prompts.live ? { listChanged: true } : {};
}

/**
 * Whether a prompt argument or template variable suggests values: `completions` only then, or
 * from the start with a live source (a prompt added later may suggest values).
 */
function completes(options: SdkServerOptions): boolean {
  const { definitions } = options;
  if (definitions === undefined) return false;
  const { prompts, resources } = definitions;
  return prompts.live || resources.live || prompts.completes() || resources.completes();
}

/**
 * Whether clients may subscribe: there are defined resources (or a live source of them, which
 * may bring some later), and somewhere to keep them.
 */
function subscribable(options: SdkServerOptions): boolean {
  const resources = options.definitions?.resources;
  return resources !== undefined && (resources.live || !resources.isEmpty);
}

/**
 * `subscribe` (2025-11-25 `resources/subscribe`, 2026-07-28 `subscriptions/listen`) when
 * offered; `listChanged` when the defined resources or templates may change while serving.
 */
function resourceCapability(options: SdkServerOptions): {
  subscribe?: boolean;
  listChanged?: boolean;
} {
  return {
    ...(subscribable(options) ? { subscribe: true } : {}),
    // A skills directory is read again on `definitionsChanged()`: its skills are resources.
    ...(options.definitions?.resources.live || options.definitions?.skills !== undefined
      ? { listChanged: true }
      : {}),
  };
}
