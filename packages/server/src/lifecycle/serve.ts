import { SERVE_DEFAULTS } from '../kernel/option-declaration.js';
import type { ServeOptions } from '../options/serve-options.js';
import type { RegistryOrExecutor } from './resolve-target.js';
import { startWithDefaults } from './start-server.js';

/**
 * Serves a registry (or an executor) as an MCP server and resolves once it has shut down: on
 * SIGINT/SIGTERM (in-flight calls get `shutdownGraceMs` to finish), when the stdio client closes
 * stdin, or on a fatal transport failure. It never calls `process.exit()`: the caller (the CLI)
 * decides the exit code; with nothing else running, Node exits 0 by itself.
 *
 * Defaults: stdio transport, signals handled (`handleSignals: true`), port 1..65535.
 *
 * @throws {InvalidOptionError} for a bad option, before anything starts.
 * @throws {TypeError} for a bad registry or executor.
 * @throws {ListenError} when the HTTP address cannot be bound (`code` e.g. `EADDRINUSE`).
 * @example
 * ```ts
 * import { Registry } from '@apcore-mcp/runtime';
 * import { serve } from '@apcore-mcp/server';
 *
 * const registry = new Registry({ extensionsDir: './extensions' });
 * await registry.discover();
 * await serve(registry, { transport: 'streamable-http', port: 8000 });
 * ```
 */
export async function serve(
  registryOrExecutor: RegistryOrExecutor,
  options?: ServeOptions,
): Promise<void> {
  const handle = await startWithDefaults(registryOrExecutor, options, SERVE_DEFAULTS);
  await handle.closed;
}
