import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  type ConnectionDefaults,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import {
  type RegistryOrExecutor,
  type ServeOptions,
  type ServerHandle,
  startServer,
} from '../../src/index.js';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Absolute path of a file under `test/fixtures`. Fixtures import the built packages: the
 * `test:e2e` task builds them first.
 */
export function fixturePath(name: string): string {
  return join(serverRoot, 'test', 'fixtures', name);
}

/** The server package directory (where spawned fixtures resolve their imports from). */
export const SERVER_ROOT = serverRoot;

/**
 * A client of `era` connected to the fixture `script` (under `test/fixtures`) run as a stdio
 * child on the built packages, with `defaults`; closing the client stops the child.
 *
 * @example
 * ```ts
 * const client = await connectFixtureOverStdio('2026-07-28', 'apps-server.mjs');
 * ```
 */
export function connectFixtureOverStdio(
  era: ClientEra,
  script: string,
  defaults: ConnectionDefaults = {},
): Promise<McpClientHandle> {
  return connectClient({
    ...defaults,
    era,
    transport: 'stdio',
    command: process.execPath,
    args: [fixturePath(script)],
    cwd: serverRoot,
    stderr: 'ignore',
  });
}

/** A connected test client, the server it talks to, and how to close both. */
export interface ServedConnection {
  client: McpClientHandle;
  server: ServerHandle;
  close(): Promise<void>;
}

/**
 * Starts `served` over Streamable HTTP on a free port, in process, with `options`, and connects a
 * client of `era` to it with `defaults`; `close()` closes the client, then the server.
 *
 * @example
 * ```ts
 * const { client, close } = await connectOverHttp('2026-07-28', registry, { dynamic: true });
 * ```
 */
export async function connectOverHttp(
  era: ClientEra,
  served: RegistryOrExecutor,
  options: ServeOptions = {},
  defaults: ConnectionDefaults = {},
): Promise<ServedConnection> {
  const server = await startServer(served, {
    transport: 'streamable-http',
    port: 0,
    logger: createRecordingLogger(),
    ...options,
  });
  const client = await connectClient({
    ...defaults,
    era,
    transport: 'http',
    url: server.url ?? '',
  });
  return {
    client,
    server,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
