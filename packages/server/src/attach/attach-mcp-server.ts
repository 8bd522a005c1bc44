import type { McpServer, ServerCapabilities } from '@modelcontextprotocol/server';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ServerRuntime } from '../lifecycle/server-runtime.js';
import { type McpSurface, surfaceHandlers } from '../protocol/mcp-surface.js';
import { installHandler, type SurfaceHandler } from '../requests/register-request-handler.js';
import { type AttachedTools, answerWith, createAttachedTools } from './attached-tools.js';
import { restoreCapabilities, widenCapabilities } from './host-capabilities.js';
import {
  type AnswerRequest,
  type Registration,
  registerPromptEntry,
  registerResourceEntry,
  registerTemplateEntry,
  registerToolEntry,
} from './mcp-server-entries.js';
import { ToolNameTakenError } from './tool-name-taken-error.js';

/**
 * The methods an `McpServer` answers itself from what is registered with it: ours reach it
 * through `registerTool`, `registerResource` and `registerPrompt`, each answered by our handler.
 */
const REGISTERED_METHODS: ReadonlySet<string> = new Set([
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'prompts/get',
  'completion/complete',
]);

/** The capabilities `McpServer` declares itself as things are registered with it. */
const REGISTERED_CAPABILITIES = ['tools', 'prompts', 'completions'] as const;

/**
 * Installs `surface` on a high-level `McpServer` through its public API: one `registerTool`,
 * `registerResource` (templates with their completions) and `registerPrompt` (arguments
 * `completable`) per thing served, each answered by the surface's handler and kept in step with
 * the registry and definitions; the other methods (skills, subscriptions) with
 * `setRequestHandler` where the host has none. Its lists are the same for every caller: the
 * executor's ACL refuses calls, but cannot narrow the list. `detach()` removes each of them.
 */
export function attachToMcpServer(
  mcp: McpServer,
  runtime: ServerRuntime,
  surface: McpSurface,
): AttachedTools {
  if (runtime.listsPerCaller) {
    runtime.logger.warn(
      'An McpServer lists the same tools to every caller: attached tools the ACL denies a ' +
        'caller are listed to it (and refused when called). A low-level Server lists per caller.',
    );
  }
  const { server } = mcp;
  const { handlers, listTools } = surfaceHandlers(surface, server);
  const answer: AnswerRequest = (request, ctx) =>
    answerWith(handlers.get(request.method) as SurfaceHandler, request, ctx);
  const before = structuredClone(server.getCapabilities());
  const direct = [...handlers.keys()].filter((method) => !REGISTERED_METHODS.has(method));
  const leftToHost = direct.filter((method) => !isFree(mcp, method));
  const installed = direct.filter((method) => !leftToHost.includes(method));
  const registrations = new Map<string, Registration>();
  const sync = () => syncRegistrations(mcp, { runtime, surface, listTools, answer }, registrations);
  try {
    server.registerCapabilities(widenCapabilities(before, ownCapabilities(surface)));
    for (const [method, entry] of handlers) {
      if (installed.includes(method)) installHandler(server, method, entry);
    }
    sync();
  } catch (error) {
    for (const handle of registrations.values()) handle.remove();
    for (const method of installed) server.removeRequestHandler(method);
    const clash = /^Tool (.+) is already registered$/.exec((error as Error).message ?? '');
    throw clash?.[1] === undefined ? error : new ToolNameTakenError(clash[1]);
  }
  const stopTools = runtime.onToolListChanged(sync);
  const stopDefinitions = runtime.changes.onDefinitionListChanged(sync);
  return createAttachedTools({
    runtime,
    handlers,
    leftToHost,
    unsubscribe: () => {
      stopTools();
      stopDefinitions();
    },
    remove: () => {
      for (const handle of registrations.values()) handle.remove();
      registrations.clear();
      for (const method of installed) server.removeRequestHandler(method);
      if (before.logging === undefined) server.removeRequestHandler('logging/setLevel');
      restoreCapabilities(server, before);
    },
  });
}

function isFree(mcp: McpServer, method: string): boolean {
  try {
    mcp.server.assertCanSetRequestHandler(method);
    return true;
  } catch {
    return false;
  }
}

/** What we declare ourselves: all but what `McpServer` declares as things are registered. */
function ownCapabilities(surface: McpSurface): ServerCapabilities {
  const own: Record<string, unknown> = { ...surface.capabilities };
  for (const key of REGISTERED_CAPABILITIES) delete own[key];
  // `McpServer` declares `resources` with `listChanged`; `subscribe` is ours to add.
  const { resources } = surface.capabilities;
  own.resources = resources?.subscribe === true ? { subscribe: true } : undefined;
  return own as ServerCapabilities;
}

/** What the registrations are made from: the runtime's tools and the surface's parts. */
interface RegistrationSources {
  runtime: ServerRuntime;
  surface: McpSurface;
  /** What the parts add to the tool list (the skills' links). */
  listTools: (tools: McpTool[]) => McpTool[];
  answer: AnswerRequest;
}

/**
 * One registration per tool, resource, template and prompt served now, under a key of its
 * kind; gone ones removed, new ones added.
 */
function syncRegistrations(
  mcp: McpServer,
  sources: RegistrationSources,
  registered: Map<string, Registration>,
): void {
  const { runtime, surface, listTools, answer } = sources;
  const listed = listTools(runtime.front.list());
  const served = runtime.front.served;
  const resources = surface.resources.flatMap((source) => source.list?.(served) ?? []);
  const { templates, prompts } = surface.hostEntries();
  const wanted = new Map<string, () => Registration>([
    ...listed.map((tool) => [`tool:${tool.name}`, () => registerToolEntry(mcp, tool, answer)]),
    ...resources.map((resource) => [
      `resource:${resource.uri}`,
      () => registerResourceEntry(mcp, resource, answer),
    ]),
    ...templates.map((template) => [
      `template:${template.name}`,
      () => registerTemplateEntry(mcp, template, answer),
    ]),
    ...prompts.map((prompt) => [
      `prompt:${prompt.name}`,
      () => registerPromptEntry(mcp, prompt, answer),
    ]),
  ] as [string, () => Registration][]);
  for (const [key, handle] of registered) {
    if (wanted.has(key)) continue;
    handle.remove();
    registered.delete(key);
  }
  for (const [key, register] of wanted) if (!registered.has(key)) registered.set(key, register());
}
