import type { McpServer, Server } from '@modelcontextprotocol/server';
import { openRuntime } from '../lifecycle/open-runtime.js';
import type { RegistryOrExecutor } from '../lifecycle/resolve-target.js';
import { resolveOptions } from '../options/resolve-options.js';
import { createRandomStateKey } from '../options/state-key.js';
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
 * its own tools: the tools (and `docs://` documentation resources) are added to the server, and
 * every call of one of them goes through our router — the Executor, ACL, approval, validation —
 * exactly as with `serve()`. Takes the high-level `McpServer` (registered through `registerTool`
 * / `registerResource`) or the low-level `Server` (our handlers answer our tools and hand every
 * other name, URI and list page to the handlers the application registered, lists merged).
 * Attach before connecting the server. On an attached server, 2026-07-28 clients cannot be
 * asked for approval (the application's server does not verify our signed request state): use
 * `approval: 'allow' | 'deny'` or a handler, or 2025-11-25 elicitation.
 *
 * @throws {ToolNameTakenError} when the server already has a tool under one of our names;
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
  // Key and store are never used (no input rounds here): given, so no startup line is logged
  // about making them up.
  const resolved = resolveOptions(
    { ...given, stateKey: createRandomStateKey(), store: createMemoryLimitStore() },
    { transport: 'stdio', handleSignals: false, allowAnyPort: true },
  );
  const runtime = await openRuntime(registryOrExecutor, resolved);
  try {
    return mcp
      ? attachToMcpServer(server, runtime)
      : await attachToLowLevelServer(server, runtime, resolved.dynamic);
  } catch (error) {
    runtime.unload();
    throw error;
  }
}
