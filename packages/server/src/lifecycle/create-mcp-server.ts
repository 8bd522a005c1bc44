import type { Server } from '@modelcontextprotocol/server';
import { resolveOptions } from '../options/resolve-options.js';
import type { ServeOptions } from '../options/serve-options.js';
import { openRuntime } from './open-runtime.js';
import type { RegistryOrExecutor } from './resolve-target.js';

/**
 * The SDK `Server` that `serve()` would put behind a transport: the same tools, calls,
 * approval, resources and options, ready to `connect()` to any transport of your choosing —
 * the SDK's `InMemoryTransport` in tests, a transport of your own elsewhere. One server serves
 * one connection; call this again for another. Closing the server stops following the registry
 * (`dynamic`). `transport`, `host`, `port`, `path` and `handleSignals` do not apply: the
 * transport is yours. `onStartup` and `onShutdown` are not run. Resolves once the optional
 * packages the options need (`toonDescriptions`, `toolSearch`) are loaded.
 *
 * @throws {InvalidOptionError} for a bad option.
 * @throws {TypeError} for a bad registry, executor or server.
 * @throws {ToolNameCollisionError} when two modules would get the same tool name.
 * @throws {MissingPackageError} when an option's package is not installed.
 * @example
 * ```ts
 * import { InMemoryTransport } from '@modelcontextprotocol/server';
 * const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
 * const server = await createMcpServer(registry, { validateInputs: true });
 * await server.connect(serverTransport);
 * await client.connect(clientTransport);
 * ```
 */
export async function createMcpServer(
  registryOrExecutor: RegistryOrExecutor,
  options?: ServeOptions,
): Promise<Server> {
  const resolved = resolveOptions(options, {
    transport: 'stdio',
    handleSignals: false,
    allowAnyPort: true,
  });
  const runtime = await openRuntime(registryOrExecutor, resolved);
  const server = runtime.createServer();
  const untrack = server.onclose;
  server.onclose = () => {
    untrack?.();
    runtime.unload();
    // The only shutdown this server has: the ledger is written out and closed here.
    void runtime.closeState();
  };
  return server;
}
