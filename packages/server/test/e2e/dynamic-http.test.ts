import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/index.js';
import { connectModernStreamable, connectSse, connectStreamable } from '../helpers/clients.js';

function nextListChanged(client: Client): Promise<void> {
  return new Promise((resolve) => {
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
  });
}

function defineGreeter(greeting: string) {
  return core.defineModule({
    description: `Says ${greeting}.`,
    inputSchema: { type: 'object', properties: {} },
    execute: () => ({ greeting }),
  });
}

describe.each(['streamable-http', 'sse'] as const)('dynamic registration over %s', (transport) => {
  it('notifies every session and serves the new tool list', async () => {
    const registry = new runtime.Registry();
    registry.register('greet.hello', defineGreeter('hello'));
    const server = await startServer(registry, {
      transport,
      port: 0,
      dynamic: true,
      logger: createRecordingLogger(),
    });
    // An SSE client is ready for notifications once connected; a Streamable HTTP client once its
    // GET stream is open.
    const connect = async (): Promise<Client> => {
      if (transport === 'sse') return connectSse(server.url ?? '');
      const { client, standaloneStream } = await connectStreamable(server.url ?? '');
      await standaloneStream;
      return client;
    };
    const clients = [await connect(), await connect()];
    try {
      const notified = clients.map(nextListChanged);
      registry.register('greet.bye', defineGreeter('bye'));
      await Promise.all(notified);
      for (const client of clients) {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(['greet-hello', 'greet-bye']);
      }
      const bye = await clients[1]?.callTool({ name: 'greet-bye', arguments: {} });
      expect(JSON.parse(firstText(bye))).toEqual({ greeting: 'bye' });

      const removed = clients.map(nextListChanged);
      registry.unregister('greet.hello');
      await Promise.all(removed);
      await expect(
        clients[0]?.callTool({ name: 'greet-hello', arguments: {} }),
      ).rejects.toMatchObject({
        code: -32602,
        message: 'MCP error -32602: Unknown tool: greet-hello',
      });
      expect(server.tools.map((tool) => tool.name)).toEqual(['greet-bye']);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await server.close();
    }
  });
});

describe('dynamic registration for a 2026-07-28 client', () => {
  it('publishes tools/list_changed on its subscriptions/listen stream', async () => {
    const registry = new runtime.Registry();
    registry.register('greet.hello', defineGreeter('hello'));
    const server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      dynamic: true,
      logger: createRecordingLogger(),
    });
    const client = await connectModernStreamable(server.url ?? '');
    try {
      const notified = new Promise<void>((resolve) => {
        client.setNotificationHandler('notifications/tools/list_changed', () => resolve());
      });
      const subscription = await client.listen({ toolsListChanged: true });
      registry.register('greet.bye', defineGreeter('bye'));
      await notified;
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['greet-hello', 'greet-bye']);
      await subscription.close();
    } finally {
      await client.close();
      await server.close();
    }
  });
});
