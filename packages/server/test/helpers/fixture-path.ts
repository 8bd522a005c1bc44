import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ClientEra,
  type ConnectionDefaults,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';

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
