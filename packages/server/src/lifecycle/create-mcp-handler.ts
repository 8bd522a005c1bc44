import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmittedEvent } from '@apcore-mcp/core';
import type { HubEmitOptions } from '../kernel/event-hub.js';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import { resolveOptions } from '../options/resolve-options.js';
import type { ResolvedOptions, ServeOptions } from '../options/serve-options.js';
import type { HttpRequestHandler, NextFunction } from '../transports/http-handler.js';
import { toHttpEndpointOptions } from './http-endpoint-options.js';
import { openRuntime } from './open-runtime.js';
import type { RegistryOrExecutor } from './resolve-target.js';
import type { ServerRuntime } from './server-runtime.js';
import { shutDown } from './shut-down.js';

/**
 * A Node request handler serving MCP inside an existing HTTP server. With two arguments it
 * answers every request (404 for paths it does not serve); with a third (Express-style `next`)
 * it passes those on instead.
 *
 * @example
 * ```ts
 * const handler: McpHandler = await createMcpHandler(registry);
 * app.use((request, response, next) => handler(request, response, next));
 * ```
 */
export interface McpHandler {
  (request: IncomingMessage, response: ServerResponse, next?: NextFunction): void;
  /** The tools served right now. */
  readonly tools: McpTool[];
  /**
   * Tells the handler that what the `resources`, `resourceTemplates` or `prompts` functions
   * return has changed; clients are told of each list that did (as `ServerHandle`'s).
   */
  definitionsChanged(): void;
  /** Emits an event from application code, as `ServerHandle`'s `emit`. */
  emit(
    name: string,
    data: Record<string, unknown>,
    options?: HubEmitOptions,
  ): Promise<EmittedEvent>;
  /**
   * Lets in-flight calls finish (up to `shutdownGraceMs`), ends every session, stops following
   * the registry and runs `onShutdown`. Afterwards MCP requests get 503. Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Creates a request handler that serves the MCP endpoint (`path`, default `/mcp`, or `/sse` +
 * `/messages` with `transport: 'sse'`), `GET /health` and, with `metrics`, `GET /metrics` inside any Node HTTP server (plain
 * `http`, Express, Fastify's raw handler...). It matches `request.url` as it arrives, so mount it
 * where the URL is not rewritten (or set `path` to what the handler sees). Default transport:
 * `streamable-http`; `stdio` is refused. `host`, `port` and `handleSignals` do not apply: the
 * host server owns the socket and the process. `onStartup` runs right away (not awaited).
 * Resolves once what the options need has started: the optional packages (`auth`, `metrics`,
 * `tracing`, `toolSearch`, `toonDescriptions`) loaded, the metrics registered.
 *
 * @throws {InvalidOptionError} for a bad option (`stdio`, `tls` included).
 * @throws {TypeError} for a bad registry or executor.
 * @throws {MissingPackageError} when an option's package is not installed.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * const handler = await createMcpHandler(registry);
 * createServer(handler).listen(8000, '127.0.0.1');
 * ```
 */
export async function createMcpHandler(
  registryOrExecutor: RegistryOrExecutor,
  options?: ServeOptions,
): Promise<McpHandler> {
  const resolved = resolveOptions(options, {
    transport: 'streamable-http',
    handleSignals: false,
    allowAnyPort: true,
  });
  refuseWhatAHandlerCannotServe(resolved);
  const runtime = await openRuntime(registryOrExecutor, resolved);
  const { logger } = runtime;
  const http = await openHttp(runtime, resolved);
  const handler = ((request: IncomingMessage, response: ServerResponse, next?: NextFunction) => {
    void http.handle(request, response, next);
  }) as McpHandler;
  Object.defineProperty(handler, 'tools', { get: () => runtime.toolDefinitions });
  handler.definitionsChanged = () => runtime.definitionsChanged();
  handler.emit = runtime.emit;
  let closing: Promise<void> | undefined;
  handler.close = () => {
    // Mounted in the host's server: it takes the connections, so only the sessions close here.
    const running = { stopAccepting: () => {}, close: () => http.close() };
    closing ??= shutDown({ runtime, running, options: resolved, logger });
    return closing;
  };
  logger.info(
    { tools: runtime.tools.size, transport: resolved.transport, path: resolved.path },
    `apcore-mcp handler ready: ${runtime.tools.size} tools registered, transport=${resolved.transport}`,
  );
  if (resolved.onStartup) {
    Promise.resolve()
      .then(resolved.onStartup)
      .catch((error: unknown) => logger.error({ err: error }, 'onStartup failed'));
  }
  return handler;
}

/** A handler serves HTTP inside a server of yours: no stdio, and the TLS is your server's. */
function refuseWhatAHandlerCannotServe(resolved: ResolvedOptions): void {
  if (resolved.transport === 'stdio') {
    throw new InvalidOptionError({
      option: 'transport',
      value: 'stdio',
      expected: "'streamable-http' or 'sse'",
      sentence: [
        'createMcpHandler serves HTTP: ',
        { option: 'transport' },
        " must be 'streamable-http' or 'sse', got 'stdio'",
      ],
    });
  }
  if (resolved.tls !== undefined) {
    throw new InvalidOptionError({
      option: 'tls',
      value: '(certificate and key)',
      expected: 'no tls: your HTTP server owns TLS',
      sentence: [
        'createMcpHandler runs inside your HTTP server, which owns TLS: create it with node:https instead of passing ',
        { option: 'tls' },
      ],
    });
  }
}

/**
 * The HTTP side of the handler, once what its features need to serve has started (the metrics). On
 * failure the runtime is closed and the error thrown.
 */
async function openHttp(
  runtime: ServerRuntime,
  resolved: ResolvedOptions,
): Promise<HttpRequestHandler> {
  const { transport } = resolved;
  if (transport === 'stdio') throw new RangeError('createMcpHandler serves HTTP');
  try {
    await runtime.startServing();
    const endpoint = toHttpEndpointOptions(runtime, resolved);
    // Loaded here: importing the package (for serve() over stdio, say) never loads HTTP.
    const { createHttpRequestHandler } = await import('../transports/http-handler.js');
    return createHttpRequestHandler({
      ...endpoint,
      transport,
      createServer: runtime.createServer,
      logger: runtime.logger,
    });
  } catch (error) {
    runtime.unload();
    await runtime.closeState();
    throw error;
  }
}
