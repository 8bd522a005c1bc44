import { createRecordingLogger, type RecordingLogger } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { openRuntime } from '../lifecycle/open-runtime.js';
import type { RegistryOrExecutor } from '../lifecycle/resolve-target.js';
import type { ServerRuntime } from '../lifecycle/server-runtime.js';
import { resolveOptions } from '../options/resolve-options.js';
import type { ServeOptions } from '../options/serve-options.js';

/** A client connected in memory to the same runtime `serve()` builds. */
export interface InMemoryConnection {
  client: Client;
  runtime: ServerRuntime;
  logger: RecordingLogger;
  close(): Promise<void>;
}

/**
 * Serves `target` through the real server runtime and connects an SDK client over the SDK's
 * in-memory transport pair.
 */
export async function connectInMemory(
  target: RegistryOrExecutor,
  options: ServeOptions = {},
  clientCapabilities: ClientCapabilities = {},
): Promise<InMemoryConnection> {
  const logger = createRecordingLogger();
  const resolved = resolveOptions(
    { logger, ...options },
    { transport: 'stdio', handleSignals: false, allowAnyPort: true },
  );
  const runtime = await openRuntime(target, resolved);
  const client = await connectClient(runtime, clientCapabilities);
  return {
    client,
    runtime,
    logger,
    close: async () => {
      await client.close();
      runtime.unload();
    },
  };
}

/** Another client on an already running runtime (a second session). */
export async function connectClient(
  runtime: ServerRuntime,
  capabilities: ClientCapabilities = {},
): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await runtime.createServer().connect(serverTransport);
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities });
  await client.connect(clientTransport);
  return client;
}
