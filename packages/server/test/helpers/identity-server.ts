import { defineModule } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, type RecordingLogger } from '@apcore-mcp/test-support';
import { type ServerHandle, startServer } from '../../src/index.js';
import type { ServeOptions } from '../../src/options/serve-options.js';

/** An executor whose one tool, `who-am-i`, answers the identity its context carries. */
export function createIdentityExecutor(): Executor {
  const registry = new Registry();
  registry.register(
    'who.am.i',
    defineModule({
      description: 'Names the caller.',
      inputSchema: { type: 'object', properties: {} },
      execute: (_inputs, context) => ({ identity: context.identity ?? null }),
    }),
  );
  return new Executor(registry);
}

/** A started server over {@link createIdentityExecutor}, with the logger it writes to. */
export interface IdentityServer {
  server: ServerHandle;
  url: string;
  logger: RecordingLogger;
}

/** Starts Streamable HTTP (unless `options` says otherwise) on a free loopback port. */
export async function startIdentityServer(options: ServeOptions): Promise<IdentityServer> {
  const logger = createRecordingLogger();
  const server = await startServer(createIdentityExecutor(), {
    transport: 'streamable-http',
    port: 0,
    logger,
    ...options,
  });
  return { server, url: server.url ?? '', logger };
}
