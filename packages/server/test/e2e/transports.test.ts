import * as core from '@apcore-mcp/core';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { startServer } from '../../src/index.js';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import { connectSse, connectStreamable } from '../helpers/clients.js';
import { describeToolBehaviour } from '../helpers/tool-behaviour.js';

describeToolBehaviour('Streamable HTTP', async () => {
  const { executor } = createFixtureRuntime(core);
  const server = await startServer(executor, {
    transport: 'streamable-http',
    port: 0,
    logger: createRecordingLogger(),
  });
  const { client } = await connectStreamable(server.url ?? '');
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
});

describeToolBehaviour('stateless Streamable HTTP', async () => {
  const { executor } = createFixtureRuntime(core);
  const server = await startServer(executor, {
    transport: 'streamable-http',
    stateless: true,
    port: 0,
    logger: createRecordingLogger(),
  });
  const { client } = await connectStreamable(server.url ?? '');
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
});

describeToolBehaviour('SSE', async () => {
  const { executor } = createFixtureRuntime(core);
  const server = await startServer(executor, {
    transport: 'sse',
    port: 0,
    logger: createRecordingLogger(),
  });
  const client = await connectSse(server.url ?? '');
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
});
