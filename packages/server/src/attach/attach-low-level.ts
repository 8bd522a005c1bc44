import {
  ResourceNotFoundError as SdkResourceNotFoundError,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ServerRuntime } from '../lifecycle/server-runtime.js';
import { toRouterCallExtra } from '../protocol/to-router-call-extra.js';
import { toolsOfRequest } from '../protocol/tools-of-request.js';
import { type AttachedTools, createAttachedTools } from './attached-tools.js';
import { readAttachedResource } from './read-attached-resource.js';
import { ToolNameTakenError } from './tool-name-taken-error.js';

/** A handler as the SDK stores it: the request in, the result out. */
type StoredHandler = (request: unknown, ctx: ServerContext) => Promise<Record<string, unknown>>;

/** The methods whose handlers we take over, serving ours and handing the rest to the host's. */
const METHODS = [
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
] as const;
type Method = (typeof METHODS)[number];

/** The handler the host registered for `method`, through the SDK's protected accessor. */
function readHandler(server: Server, method: Method): StoredHandler | undefined {
  const accessor = (server as unknown as { _getRequestHandler?: (method: string) => unknown })
    ._getRequestHandler;
  if (typeof accessor !== 'function') {
    throw new TypeError(
      'attachToServer cannot read the request handlers of this Server (SDK without _getRequestHandler); attach to an McpServer instead',
    );
  }
  return accessor.call(server, method) as StoredHandler | undefined;
}

function setHandler(server: Server, method: Method, handler: StoredHandler): void {
  (server.setRequestHandler as (method: string, handler: StoredHandler) => void).call(
    server,
    method,
    handler,
  );
}

/** The host's tools of the first page, asked at attach time to refuse a clash of names. */
async function listHostTools(previous: StoredHandler | undefined): Promise<McpTool[]> {
  if (previous === undefined) return [];
  const ctx = {
    mcpReq: { id: 0, signal: new AbortController().signal },
  } as unknown as ServerContext;
  const result = await previous({ method: 'tools/list', params: {} }, ctx);
  return Array.isArray(result.tools) ? (result.tools as McpTool[]) : [];
}

/**
 * Attaches to a low-level SDK `Server`: our handlers of tools and resources answer our names
 * and URIs and hand everything else (and later pages of a paginated list) to the handlers the
 * host had registered, lists merged. `detach()` puts the host's handlers back.
 */
export async function attachToLowLevelServer(
  server: Server,
  runtime: ServerRuntime,
  dynamic: boolean,
): Promise<AttachedTools> {
  if (server.transport !== undefined) {
    throw new Error('attachToServer: attach before the server connects to a transport');
  }
  const previous = new Map(METHODS.map((method) => [method, readHandler(server, method)]));
  const hostTools = await listHostTools(previous.get('tools/list'));
  const ours = new Set(runtime.front.list().map((tool) => tool.name));
  const taken = hostTools.find((tool) => ours.has(tool.name));
  if (taken !== undefined) throw new ToolNameTakenError(taken.name);
  const listChanged = dynamic || server.getCapabilities().tools?.listChanged === true;
  server.registerCapabilities({ tools: { listChanged }, resources: {} });
  for (const method of METHODS) {
    setHandler(server, method, createHandler(method, server, runtime, previous.get(method)));
  }
  const unsubscribe = runtime.onToolListChanged(() => {
    if (server.transport === undefined) return;
    server.sendToolListChanged().catch((error: unknown) => {
      runtime.logger.warn({ err: error }, 'Could not send tools/list_changed');
    });
  });
  return createAttachedTools(runtime, unsubscribe, () => {
    for (const method of METHODS) restoreHandler(server, method, previous.get(method));
    if (server.transport !== undefined) server.sendToolListChanged().catch(() => {});
  });
}

function restoreHandler(server: Server, method: Method, previous: StoredHandler | undefined): void {
  if (previous === undefined) server.removeRequestHandler(method);
  // Registered again through the SDK: its own wrapping runs once more, harmlessly.
  else setHandler(server, method, (request, ctx) => previous(request, ctx));
}

function createHandler(
  method: Method,
  server: Server,
  runtime: ServerRuntime,
  previous: StoredHandler | undefined,
): StoredHandler {
  const host = (request: unknown, ctx: ServerContext, fallback: Record<string, unknown>) =>
    previous === undefined ? Promise.resolve(fallback) : previous(request, ctx);
  switch (method) {
    case 'tools/list':
      return async (request, ctx) => {
        const theirs = await host(request, ctx, { tools: [] });
        // Later pages are the host's alone: ours all come on the first.
        if (cursorOf(request) !== undefined) return theirs;
        const ours = runtime.front.list(toolsOfRequest(ctx, runtime.toolsFor, runtime.identity));
        return { ...theirs, tools: mergeByName(theirs.tools, ours, runtime) };
      };
    case 'tools/call':
      return (request, ctx) => {
        const { name, arguments: args } = (
          request as { params: { name: string; arguments?: Record<string, unknown> } }
        ).params;
        if (runtime.front.answers(name) || previous === undefined) {
          const extra = toRouterCallExtra(ctx, server);
          return runtime.front.call(name, args ?? {}, extra) as Promise<Record<string, unknown>>;
        }
        return previous(request, ctx);
      };
    case 'resources/list':
      return async (request, ctx) => {
        const theirs = await host(request, ctx, { resources: [] });
        if (cursorOf(request) !== undefined) return theirs;
        const visible = toolsOfRequest(ctx, runtime.toolsFor, runtime.identity);
        const ours = [...runtime.resources.list(visible), ...runtime.apps.list(visible)];
        const resources = [...asArray(theirs.resources), ...ours];
        return { ...theirs, resources };
      };
    case 'resources/read':
      return async (request, ctx) => {
        const { uri } = (request as { params: { uri: string } }).params;
        // A resource this caller may not see is not ours to answer: the host's "not found".
        const visible = toolsOfRequest(ctx, runtime.toolsFor, runtime.identity);
        const result = await readAttachedResource(runtime, uri, visible);
        if (result !== undefined) return result;
        if (previous !== undefined) return previous(request, ctx);
        throw new SdkResourceNotFoundError(uri, `Resource not found: ${uri}`);
      };
    default:
      return (request, ctx) => host(request, ctx, { resourceTemplates: [] });
  }
}

/** The host's tools then ours; a host tool added later under one of our names is hidden. */
function mergeByName(theirs: unknown, ours: McpTool[], runtime: ServerRuntime): unknown[] {
  const names = new Set(ours.map((tool) => tool.name));
  const kept = asArray(theirs).filter((tool) => {
    const name = (tool as { name?: unknown }).name;
    if (typeof name !== 'string' || !names.has(name)) return true;
    runtime.logger.warn(
      { toolName: name },
      `The host's tool ${name} is hidden by an attached tool of that name`,
    );
    return false;
  });
  return [...kept, ...ours];
}

function cursorOf(request: unknown): unknown {
  return (request as { params?: { cursor?: unknown } }).params?.cursor;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
