import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterEach } from 'vitest';
import { createInteractiveRuntime } from '../../src/__fixtures__/interactive-modules.js';
import { type ServerHandle, startServer } from '../../src/index.js';
import type { ServeOptions } from '../../src/options/serve-options.js';

/**
 * Starts servers of the interactive modules over Streamable HTTP on a free port for the tests of
 * the calling `describe`, each closed after its test. The returned `start` gives the endpoint
 * URL, the server's recorded log and the modules' probe.
 */
export function useInteractiveHttpServers() {
  const servers: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.allSettled(servers.splice(0).map((server) => server.close()));
  });
  return async function start(options: ServeOptions = {}) {
    const logger = createRecordingLogger();
    const { executor, probe } = createInteractiveRuntime();
    const server = await startServer(executor, {
      transport: 'streamable-http',
      port: 0,
      logger,
      ...options,
    });
    servers.push(server);
    return { url: server.url ?? '', logger, probe };
  };
}
