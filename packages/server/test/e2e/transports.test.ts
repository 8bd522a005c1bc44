import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/index.js';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import { connectModernStreamable, connectSse, connectStreamable } from '../helpers/clients.js';
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

for (const stateless of [false, true]) {
  describeToolBehaviour(
    `${stateless ? 'stateless ' : ''}Streamable HTTP, 2026-07-28 client`,
    async () => {
      const { executor } = createFixtureRuntime(core);
      const server = await startServer(executor, {
        transport: 'streamable-http',
        stateless,
        port: 0,
        logger: createRecordingLogger(),
      });
      const client = await connectModernStreamable(server.url ?? '');
      expect(client.getProtocolEra()).toBe('modern');
      return {
        client,
        close: async () => {
          await client.close();
          await server.close();
        },
      };
    },
  );
}

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

describe('one Streamable HTTP endpoint for both revisions', () => {
  it('serves a 2025-11-25 session and a 2026-07-28 client side by side', async () => {
    const { executor } = createFixtureRuntime(core);
    const server = await startServer(executor, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    const legacy = await connectStreamable(server.url ?? '');
    const modern = await connectModernStreamable(server.url ?? '');
    try {
      expect(legacy.transport.sessionId).toEqual(expect.any(String));
      const [legacyTools, modernTools] = await Promise.all([
        legacy.client.listTools(),
        modern.listTools(),
      ]);
      expect(modernTools.tools.map((tool) => tool.name)).toEqual(
        legacyTools.tools.map((tool) => tool.name),
      );
      const calls = await Promise.all([
        legacy.client.callTool({ name: 'math-add', arguments: { a: 1, b: 2 } }),
        modern.callTool({ name: 'math-add', arguments: { a: 3, b: 4 } }),
      ]);
      expect(calls.map(firstText)).toEqual(['{"sum":3}', '{"sum":7}']);
    } finally {
      await Promise.allSettled([legacy.client.close(), modern.close()]);
      await server.close();
    }
  });
});
