import type { McpServer, Server } from '@modelcontextprotocol/server';
import { openRuntime } from '../lifecycle/open-runtime.js';
import type { RegistryOrExecutor } from '../lifecycle/resolve-target.js';
import { resolveOptions } from '../options/resolve-options.js';
import { createRandomStateKey } from '../options/state-key.js';
import { createMcpSurface } from '../protocol/mcp-surface.js';
import { createMemoryLimitStore } from '../store/memory-limit-store.js';
import { attachToLowLevelServer } from './attach-low-level.js';
import { attachToMcpServer } from './attach-mcp-server.js';
import { type AttachOptions, checkAttachOptions } from './attach-options.js';
import type { AttachedTools } from './attached-tools.js';

/** An `McpServer` by shape: `registerTool` and the low-level `server` underneath. */
function isMcpServer(value: unknown): value is McpServer {
  const candidate = value as Partial<McpServer> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.registerTool === 'function' &&
    typeof candidate.server === 'object'
  );
}

/** A low-level `Server` by shape: it takes request handlers. */
function isLowLevelServer(value: unknown): value is Server {
  const candidate = value as Partial<Server> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.setRequestHandler === 'function' &&
    typeof candidate.removeRequestHandler === 'function' &&
    typeof candidate.registerCapabilities === 'function'
  );
}

/**
 * Serves a registry's modules from an MCP server your application already has (SDK v2), beside
 * its own tools: the same surface `serve()` serves — tools, `docs://` and `ui://` resources,
 * the `resources`, `resourceTemplates` and `prompts` definitions with their completions, the
 * skills of a `skills` directory — every request answered by the same handlers (the
 * Executor, ACL, approval, validation, the request pipeline), through the SDK's public API.
 * Takes the high-level `McpServer` (each thing registered with `registerTool`,
 * `registerResource` and `registerPrompt`) or the low-level `Server` (our handlers installed
 * for every method it does not answer yet; one it already answers keeps its handler, listed in
 * `leftToHost`, which serves ours by calling `attached.handle(request, ctx)`). Attach before
 * connecting the server. Tasks are not served (they need a server of our own). On an attached
 * server, 2026-07-28 clients cannot be asked for approval (the application's server does not
 * verify our signed request state): use `approval: 'allow' | 'deny'` or a handler, or
 * 2025-11-25 elicitation.
 *
 * @throws {ToolNameTakenError} when an `McpServer` already has a tool under one of our names;
 *   nothing is attached.
 * @throws {InvalidOptionError} for a bad option.
 * @throws {TypeError} for a bad registry, executor or server.
 * @example
 * ```ts
 * const server = new McpServer({ name: 'my-app', version: '1.0.0' });
 * server.registerTool('ping', {}, () => ({ content: [{ type: 'text', text: 'pong' }] }));
 * const attached = await attachToServer(server, registry, { tags: ['public'] });
 * await server.connect(new StdioServerTransport());
 * // later: attached.detach();
 * ```
 */
export async function attachToServer(
  server: McpServer | Server,
  registryOrExecutor: RegistryOrExecutor,
  options?: AttachOptions,
): Promise<AttachedTools> {
  const given = checkAttachOptions(options);
  const mcp = isMcpServer(server);
  if (!mcp && !isLowLevelServer(server)) {
    throw new TypeError('attachToServer expects an SDK McpServer or Server');
  }
  // A host that builds a server per request (2026-07-28 over HTTP) attaches to each one: it
  // gives them all one `stateKey` and `store`, so an input round signed by one is verified, and
  // claimed once, by the next. Otherwise these are the attachment's own, made up quietly.
  const resolved = resolveOptions(
    {
      ...given,
      stateKey: given.stateKey ?? createRandomStateKey(),
      store: given.store ?? createMemoryLimitStore(),
    },
    { transport: 'stdio', handleSignals: false, allowAnyPort: true },
  );
  const runtime = await openRuntime(registryOrExecutor, resolved);
  try {
    // Parts that need a server of our own (tasks) are left out: see the README's attach section.
    const surface = createMcpSurface({ ...runtime.surfaceOptions(), attached: true });
    return mcp
      ? attachToMcpServer(server, runtime, surface)
      : attachToLowLevelServer(server, runtime, surface);
  } catch (error) {
    runtime.unload();
    throw error;
  }
}
