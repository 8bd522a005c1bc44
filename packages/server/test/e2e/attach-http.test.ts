import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { definePrompt, defineResourceTemplate } from '@apcore-mcp/core';
import { firstText } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { attachTo, createExecutor, createHighLevelHost } from '../helpers/attach-hosts.js';

const greet = definePrompt({
  name: 'greet',
  description: 'Greets someone.',
  arguments: [{ name: 'who', required: true }],
  get: ({ who }) => `Hello ${who}`,
});

const order = defineResourceTemplate({
  uriTemplate: 'orders://{id}',
  name: 'order',
  read: ({ id }) => `Order ${id}`,
});

/**
 * An application serving its own McpServer over Streamable HTTP with the SDK's `createMcpHandler`
 * (a server per request, 2025-11-25 through its stateless lane), the registry attached to every
 * server it builds and detached once the SDK closes it.
 */
async function serveAttachedOverHttp(): Promise<{
  url: string;
  http: HttpServer;
  handler: McpHttpHandler;
}> {
  const { registry } = createExecutor();
  const handler = createMcpHandler(async () => {
    const host = createHighLevelHost();
    const attached = await attachTo(host, registry, {
      prompts: [greet],
      resourceTemplates: [order],
    });
    host.server.onclose = () => attached.detach();
    return host;
  });
  const http = createServer(toNodeHandler(handler));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, http, handler };
}

describe('an attached McpServer served over Streamable HTTP', () => {
  let served: Awaited<ReturnType<typeof serveAttachedOverHttp>> | undefined;
  afterEach(async () => {
    await served?.handler.close();
    served?.http.closeAllConnections();
    await new Promise((resolve) => served?.http.close(resolve) ?? resolve(undefined));
    served = undefined;
  });

  it.each<ClientEra>(['2025-11-25', '2026-07-28'])(
    "answers the host's tool, the registry's tool, a prompt and a template (%s)",
    async (era) => {
      served = await serveAttachedOverHttp();
      const client = await connectClient({ era, transport: 'http', url: served.url });
      try {
        expect(client.era).toBe(era);
        const names = (await client.listTools()).map((tool) => tool.name);
        expect(names).toEqual(expect.arrayContaining(['ping', 'math-add']));
        expect(firstText(await client.callTool('ping'))).toBe('pong');
        const sum = await client.callTool('math-add', { a: 2, b: 3 });
        expect(sum.isError).toBe(false);
        expect(JSON.parse(firstText(sum))).toEqual({ sum: 5 });
        const prompt = await client.getPrompt('greet', { who: 'Ann' });
        expect(prompt.messages[0]?.content).toMatchObject({ text: 'Hello Ann' });
        const read = await client.readResource('orders://42');
        expect(read.contents[0]).toMatchObject({ uri: 'orders://42', text: 'Order 42' });
      } finally {
        await client.close();
      }
    },
  );
});
