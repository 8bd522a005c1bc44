import type { Server } from '@modelcontextprotocol/server';
import type { ServerRuntime } from '../lifecycle/server-runtime.js';
import { type McpSurface, surfaceHandlers } from '../protocol/mcp-surface.js';
import { installHandler } from '../requests/register-request-handler.js';
import { type AttachedTools, createAttachedTools } from './attached-tools.js';
import { restoreCapabilities, widenCapabilities } from './host-capabilities.js';

/** Whether `server` has no handler of `method` yet (the SDK's own check, which throws). */
function isFree(server: Server, method: string): boolean {
  try {
    server.assertCanSetRequestHandler(method);
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs `surface` on a low-level SDK `Server`, next to the host's own handlers, through the
 * SDK's public API: every method the host does not answer yet gets our handler
 * (`setRequestHandler`); a method it already answers keeps the host's handler (the SDK offers
 * no way to call it from ours), listed in `leftToHost` and logged, and the host serves ours
 * from it with `attached.handle(request, ctx)`. `detach()` removes our handlers and gives the
 * host back its capabilities.
 */
export function attachToLowLevelServer(
  server: Server,
  runtime: ServerRuntime,
  surface: McpSurface,
): AttachedTools {
  if (server.transport !== undefined) {
    throw new Error('attachToServer: attach before the server connects to a transport');
  }
  const { handlers } = surfaceHandlers(surface, server);
  const before = structuredClone(server.getCapabilities());
  const leftToHost = [...handlers.keys()].filter((method) => !isFree(server, method));
  const installed = [...handlers.keys()].filter((method) => !leftToHost.includes(method));
  server.registerCapabilities(widenCapabilities(before, surface.capabilities));
  for (const [method, entry] of handlers) {
    if (installed.includes(method)) installHandler(server, method, entry);
  }
  if (leftToHost.length > 0) {
    runtime.logger.warn(
      { methods: leftToHost },
      `The host's Server already answers ${leftToHost.join(', ')}: its handlers stay, and serve the attached registry only through attached.handle(request, ctx)`,
    );
  }
  const unsubscribe = runtime.onToolListChanged(() => {
    if (server.transport === undefined) return;
    server.sendToolListChanged().catch((error: unknown) => {
      runtime.logger.warn({ err: error }, 'Could not send tools/list_changed');
    });
  });
  return createAttachedTools({
    runtime,
    handlers,
    leftToHost,
    unsubscribe,
    remove: () => {
      for (const method of installed) server.removeRequestHandler(method);
      // Declaring logging made the SDK answer logging/setLevel for us.
      if (before.logging === undefined) server.removeRequestHandler('logging/setLevel');
      restoreCapabilities(server, before);
      if (server.transport !== undefined) server.sendToolListChanged().catch(() => {});
    },
  });
}
