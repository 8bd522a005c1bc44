import { createRecordingLogger, type RecordingLogger } from '@apcore-mcp/test-support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { connectInMemory } from '../../src/__fixtures__/in-memory.js';
import type { RegistryOrExecutor } from '../../src/lifecycle/resolve-target.js';
import { startServer } from '../../src/lifecycle/start-server.js';
import type { ServeOptions } from '../../src/options/serve-options.js';
import { connectStreamable } from './clients.js';

/** A client on a freshly started server, the server's log, and how to let go of both. */
export interface Connected {
  client: Client;
  logger: RecordingLogger;
  close(): Promise<void>;
}

/** Serves `target` with `options` and connects a client declaring `capabilities`. */
export type Connect = (
  target: RegistryOrExecutor,
  options?: ServeOptions,
  capabilities?: ClientCapabilities,
) => Promise<Connected>;

/** Over the SDK's in-memory transport pair, through the runtime `serve()` builds. */
export const connectOverInMemory: Connect = async (target, options = {}, capabilities = {}) => {
  const connection = await connectInMemory(target, options, capabilities);
  return { client: connection.client, logger: connection.logger, close: connection.close };
};

/** Over Streamable HTTP on 127.0.0.1 with a free port, through `startServer()`. */
export const connectOverHttp: Connect = async (target, options = {}, capabilities = {}) => {
  const logger = createRecordingLogger();
  const server = await startServer(target, {
    transport: 'streamable-http',
    port: 0,
    logger,
    ...options,
  });
  const { client } = await connectStreamable(server.url ?? '', capabilities);
  return {
    client,
    logger,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
};
