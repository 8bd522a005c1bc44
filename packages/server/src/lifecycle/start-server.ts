import type { EmittedEvent } from '@apcore-mcp/core';
import type { HubEmitOptions } from '../kernel/event-hub.js';
import type { Logger } from '../kernel/logger.js';
import { isLoopbackAddress } from '../kernel/loopback-address.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { NotServedEntry } from '../kernel/not-served.js';
import { type ResolveDefaults, resolveOptions } from '../options/resolve-options.js';
import type { ResolvedOptions, ServeOptions } from '../options/serve-options.js';
import { type RunningTransport, TransportManager } from '../transports/transport-manager.js';
import { openClosing } from './closing.js';
import { toHttpEndpointOptions } from './http-endpoint-options.js';
import { openRuntime } from './open-runtime.js';
import type { RegistryOrExecutor } from './resolve-target.js';
import type { ServerRuntime } from './server-runtime.js';

/**
 * A running server, as returned by {@link startServer}.
 *
 * @example
 * ```ts
 * const handle: ServerHandle = await startServer(registry, { transport: 'sse', port: 0, prompts: () => watched });
 * handle.definitionsChanged(); // after `watched` changed: clients are told to list the prompts again
 * await handle.close();
 * ```
 */
export interface ServerHandle {
  /** Where HTTP clients connect (the MCP endpoint, or `/sse`); `undefined` for stdio. */
  readonly url: string | undefined;
  /**
   * Where `GET /metrics` answers when `metrics` is on (the HTTP port, or `metricsPort` on
   * stdio); `undefined` otherwise.
   */
  readonly metricsUrl: string | undefined;
  /** Where the browser Tool Inspector is when `inspector` is on; `undefined` otherwise. */
  readonly inspectorUrl: string | undefined;
  /** The tools served right now. */
  readonly tools: McpTool[];
  /**
   * What the server was given but does not serve right now, and why (each also logged as a
   * warning): modules whose schemas are not valid JSON Schema or whose tool breaks the MCP
   * `Tool` schema, and resources, templates or prompts that break theirs.
   */
  readonly notServed: readonly NotServedEntry[];
  /**
   * Tells the server that what the `resources`, `resourceTemplates` or `prompts` functions
   * return has changed: it reads them again and sends `notifications/resources/list_changed`
   * (resources and templates) and `notifications/prompts/list_changed` to every client, for each
   * list whose definitions are no longer the same objects as when last announced. Lists given as
   * arrays never change. Failures are logged, never thrown.
   */
  definitionsChanged(): void;
  /**
   * Emits an event from application code: an occurrence of the event type `name` (one of the
   * `eventTypes`, or a built-in) stored for its subscribers, checked as a module's `emit` is.
   * `audience` names the one subject that receives it; absent, every subject the ACL lets see
   * the type does. Resolves with its `eventId` once stored.
   *
   * @throws {UnknownEventTypeError} for a type not served.
   * @throws {SchemaValidationError} when `data` does not match the type's `payloadSchema`.
   * @throws {EventTooLargeError} when the occurrence is over 256 KiB serialized.
   * @throws {EventsNotServedError} once the server has closed.
   */
  emit(
    name: string,
    data: Record<string, unknown>,
    options?: HubEmitOptions,
  ): Promise<EmittedEvent>;
  /**
   * Shuts down: stops accepting, lets in-flight calls finish (up to `shutdownGraceMs`), closes
   * every session and connection, runs `onShutdown`. Idempotent; resolves when done.
   */
  close(): Promise<void>;
  /** Resolves once the server has shut down, whatever the reason (close, signal, stdin end). */
  readonly closed: Promise<void>;
}

const START_DEFAULTS: ResolveDefaults = {
  transport: 'stdio',
  handleSignals: false,
  allowAnyPort: true,
};

/**
 * Starts serving and returns once the server accepts connections (listening, for HTTP). The
 * non-blocking sibling of `serve()`, for tests and for embedding. `port: 0` picks a free port;
 * read it from `url`. Signals are not handled unless `handleSignals: true`.
 *
 * @throws {InvalidOptionError} for a bad option, before anything starts.
 * @throws {TypeError} for a bad registry or executor.
 * @throws {ListenError} when the HTTP address cannot be bound (`code` e.g. `EADDRINUSE`).
 * @example
 * ```ts
 * const server = await startServer(registry, { transport: 'streamable-http', port: 0 });
 * console.log(server.url); // http://127.0.0.1:53211/mcp
 * await server.close();
 * ```
 */
export function startServer(
  registryOrExecutor: RegistryOrExecutor,
  options?: ServeOptions,
): Promise<ServerHandle> {
  return startWithDefaults(registryOrExecutor, options, START_DEFAULTS);
}

/** Shared by `startServer()` and `serve()`, which differ only in their defaults. */
export async function startWithDefaults(
  registryOrExecutor: RegistryOrExecutor,
  options: ServeOptions | undefined,
  defaults: ResolveDefaults,
): Promise<ServerHandle> {
  const resolved = resolveOptions(options, defaults);
  const runtime = await openRuntime(registryOrExecutor, resolved);
  const { logger } = runtime;
  let running: RunningTransport;
  try {
    await runtime.startServing();
    running = await runTransport(runtime, resolved, logger);
  } catch (error) {
    runtime.unload();
    await runtime.closeState();
    throw error;
  }
  const metricsUrl = runtime.features.announce('metrics', running.url);
  logger.info(
    { tools: runtime.tools.size, transport: resolved.transport, url: running.url, metricsUrl },
    `apcore-mcp server started: ${runtime.tools.size} tools registered, transport=${resolved.transport}${running.url ? `, url=${running.url}` : ''}`,
  );
  const inspectorUrl = runtime.features.announce('inspector', running.url);
  const handle = createHandle(runtime, running, resolved, logger, { metricsUrl, inspectorUrl });
  await runStartupHook(resolved, logger, handle);
  return handle;
}

async function runTransport(
  runtime: ServerRuntime,
  options: ResolvedOptions,
  logger: Logger,
): Promise<RunningTransport> {
  const manager = new TransportManager({
    createServer: runtime.createServer,
    logger,
  });
  if (options.transport === 'stdio') return manager.runStdio(options.stdio);
  warnIfOpenToTheNetwork(options, runtime, logger);
  const httpOptions = {
    ...toHttpEndpointOptions(runtime, options),
    host: options.host,
    port: options.port,
    tls: options.tls,
  };
  return options.transport === 'sse'
    ? manager.runSse(httpOptions)
    : manager.runStreamableHttp(httpOptions);
}

/** Anyone who can reach a non-loopback address may call every tool unless something checks. */
function warnIfOpenToTheNetwork(
  options: ResolvedOptions,
  runtime: ServerRuntime,
  logger: Logger,
): void {
  if (isLoopbackAddress(options.host)) return;
  if (runtime.features.authenticator !== undefined) return;
  logger.warn(
    { host: options.host },
    `WARNING: listening on ${options.host} without authentication: anyone who can reach it may ` +
      'call every tool. Set auth (CLI: --auth-jwks-file, --auth-jwks-url or --auth-secret-file) ' +
      'or authenticate',
  );
}

function createHandle(
  runtime: ServerRuntime,
  running: RunningTransport,
  options: ResolvedOptions,
  logger: Logger,
  urls: { metricsUrl: string | undefined; inspectorUrl: string | undefined },
): ServerHandle {
  const closing = openClosing({ runtime, running, options, logger }, 'in-flight calls');
  const { close, closed } = closing;
  void running.ended.then((reason) => {
    if (!closing.begun) logger.info('Client disconnected; shutting down');
    // No answer can reach a client whose end of stdout is closed: stop its calls now.
    if (reason === 'output-broken') runtime.router.abortAll();
    void close();
  });
  return {
    url: running.url,
    ...urls,
    get tools() {
      return runtime.toolDefinitions;
    },
    get notServed() {
      return runtime.notServed();
    },
    definitionsChanged: () => runtime.definitionsChanged(),
    emit: runtime.emit,
    close,
    closed,
  };
}

/** Runs `onStartup`; when it fails the server is shut down again and the error is rethrown. */
async function runStartupHook(
  options: ResolvedOptions,
  logger: Logger,
  handle: ServerHandle,
): Promise<void> {
  if (options.onStartup === undefined) return;
  try {
    await options.onStartup();
  } catch (error) {
    logger.error({ err: error }, 'onStartup failed; shutting down');
    await handle.close();
    throw error;
  }
}
