import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDefinition } from '@apcore-mcp/core/bridge';
import { Registry } from '@apcore-mcp/runtime';
import type { AttachOptions } from '@apcore-mcp/server';
import { createMemoryLimitStore } from '@apcore-mcp/server/governance';
import { createRandomStateKey } from '@apcore-mcp/server/options';
import { createCallStateCodec } from '@apcore-mcp/server/protocol';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import { createAppServer } from './app-server.js';
import { createLegacySessions } from './legacy-sessions.js';

/** Where the host serves, and how to stop it. */
export interface AttachedHost {
  url: string;
  close(): Promise<void>;
}

/**
 * What the CLI serves from an extensions directory, as `attachToServer` options: its
 * definition files (the directory defines each URI and name once) and the skills directory;
 * the CLI's log level.
 */
async function attachOptionsFor(
  registry: Registry,
  skillsDir: string,
  stateKey: Uint8Array,
): Promise<AttachOptions> {
  const definitions = (await registry.discoverDetailed()).definitions.map(
    (found) => found.definition,
  );
  return {
    resources: definitions.filter((found) => isDefinition(found, 'resource')),
    resourceTemplates: definitions.filter((found) => isDefinition(found, 'resourceTemplate')),
    prompts: definitions.filter((found) => isDefinition(found, 'prompt')),
    skills: skillsDir,
    logLevel: 'error',
    // One key and one store for every server the host builds: a 2026-07-28 input round signed
    // by one request's server is verified, and claimed once, by the next request's.
    stateKey,
    store: createMemoryLimitStore(),
  };
}

/**
 * Serves the modules and definitions of `extensionsDir` and the skills of `skillsDir` from an
 * application's own `McpServer` (see `createAppServer`) over Streamable HTTP at
 * `http://127.0.0.1:<port>/mcp`, for both revisions, with the SDK's own serving entries:
 * `createMcpHandler` builds a server per 2026-07-28 request, and 2025-11-25 clients get a
 * session (and a server) each. Every server the host builds has the registry attached.
 *
 * @example
 * ```ts
 * const host = await serveAttached({ extensionsDir, skillsDir, port: 8931 });
 * try { console.log(host.url); } finally { await host.close(); }
 * ```
 */
export async function serveAttached(options: {
  extensionsDir: string;
  skillsDir: string;
  port: number;
}): Promise<AttachedHost> {
  const registry = new Registry({ extensionsDir: options.extensionsDir });
  const stateKey = createRandomStateKey();
  const attachOptions = await attachOptionsFor(registry, options.skillsDir, stateKey);
  // The application's servers verify the requestState our rounds sign, as `serve()`'s do.
  const requestState = { verify: createCallStateCodec(stateKey).verify };
  const buildServer = () => createAppServer(registry, attachOptions, requestState);
  const modern = createMcpHandler(buildServer, { legacy: 'reject' });
  const legacy = createLegacySessions(buildServer);
  const fetch = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== '/mcp') return new Response(null, { status: 404 });
    // The SDK's entries do no DNS-rebinding checks of their own: the host does them first.
    const refused =
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
      originValidationResponse(request, localhostAllowedOrigins());
    if (refused !== undefined) return refused;
    return (await isLegacyRequest(request)) ? legacy.fetch(request) : modern.fetch(request);
  };
  const http = createServer(toNodeHandler({ fetch }));
  await listen(http, options.port);
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await legacy.close();
      await modern.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function listen(http: HttpServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => {
      http.off('error', reject);
      resolve();
    });
  });
}
