import type { SdkServerFactory } from '../kernel/sdk-server-factory.js';
import { TASKS_EXTENSION } from '../kernel/tasks-extension.js';
import { serverTarget } from '../requests/register-request-handler.js';
import { RevisionServer } from '../revisions/revision-server.js';
import { createMcpSurface } from './mcp-surface.js';
import type { McpSurfaceOptions } from './mcp-surface-options.js';

export type { McpSurfaceOptions } from './mcp-surface-options.js';

/**
 * What {@link sdkServerFactory} serves (an {@link McpSurfaceOptions}), and how it introduces
 * itself.
 *
 * @example
 * ```ts
 * const options: SdkServerOptions = { name: 'tools', version: '1.0.0', tools: front, requestState, roundClaims };
 * ```
 */
export interface SdkServerOptions extends McpSurfaceOptions {
  /** Server name reported to clients. */
  name: string;
  /** Server version reported to clients. */
  version: string;
}

/**
 * Builds low-level SDK `Server`s of our own with the {@link McpSurface} of `options` installed,
 * under both protocol revisions. The surface (its parts and capabilities) is assembled once,
 * here; each server then costs only its handlers: one per session, or one per request on
 * 2026-07-28, all sharing the same sources. (Assembling it per 2026-07-28 request cost some 2%
 * of the server's time under the bench's HTTP load.)
 *
 * @example
 * ```ts
 * const createServer = sdkServerFactory({ name: 'my-tools', version: '1.0.0', tools: front, requestState, roundClaims });
 * serveStdio(createServer);
 * ```
 */
export function sdkServerFactory(options: SdkServerOptions): SdkServerFactory {
  const surface = createMcpSurface(options);
  const info = { name: options.name, version: options.version };
  const serverOptions = {
    capabilities: surface.capabilities,
    // Server options, not handler results: hints returned by a handler reach 2025 clients too.
    ...(options.cacheHints === undefined ? {} : { cacheHints: options.cacheHints }),
    // The SDK refuses a state that fails verification (-32602) before any handler runs.
    requestState: { verify: options.requestState.verify },
  };
  // A part that serves tasks declares their extension; 2025-11-25 hears of them as `tasks`.
  const revisionOptions = {
    tasks: surface.capabilities.extensions?.[TASKS_EXTENSION] !== undefined,
  };
  return (method) => {
    const server = new RevisionServer(info, serverOptions, revisionOptions);
    surface.addHandlers(serverTarget(server, method));
    return server;
  };
}
