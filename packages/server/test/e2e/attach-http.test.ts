import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineModule, definePrompt, defineResourceTemplate, elicit } from '@apcore-mcp/core';
import { firstText } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLimitStore } from '../../src/governance.js';
import { createRandomStateKey } from '../../src/options.js';
import { createCallStateCodec } from '../../src/protocol.js';
import { attachTo, createExecutor, createHighLevelHost } from '../helpers/attach-hosts.js';
import { postToolCall } from '../helpers/modern-raw.js';

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
async function serveAttachedOverHttp(options: { verifyState?: boolean } = {}): Promise<{
  url: string;
  http: HttpServer;
  handler: McpHttpHandler;
}> {
  const { registry } = createExecutor();
  registry.register(
    'ask.name',
    defineModule({
      description: 'Asks for a name, then greets it.',
      inputSchema: { type: 'object', properties: {} },
      execute: async (_input, context) => {
        const answer = await elicit(context, 'Your name?', {
          type: 'object',
          properties: { name: { type: 'string' } },
        });
        return { hello: answer?.name ?? null };
      },
    }),
  );
  // One key and store for every per-request server: a round one signs, the next verifies.
  const stateKey = createRandomStateKey();
  const store = createMemoryLimitStore();
  const requestState = { verify: createCallStateCodec(stateKey).verify };
  const handler = createMcpHandler(async () => {
    const host = createHighLevelHost(options.verifyState ? { requestState } : undefined);
    const attached = await attachTo(host, registry, {
      prompts: [greet],
      resourceTemplates: [order],
      stateKey,
      store,
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

  it.each([
    ['verifies it itself', false],
    ['leaves it to the application server that verifies it', true],
  ])(
    'takes a 2026-07-28 answer back on the next request’s server, and refuses a tampered state: %s',
    async (_how, verifyState) => {
      served = await serveAttachedOverHttp({ verifyState });
      const { url } = served;
      const asked = await postToolCall(url, { name: 'ask-name' });
      expect(asked.body.result?.resultType).toBe('input_required');
      const state = asked.body.result?.requestState as string;
      const key = Object.keys(asked.body.result?.inputRequests ?? {})[0] as string;
      const inputResponses = { [key]: { action: 'accept', content: { name: 'Ann' } } };
      const answered = await postToolCall(url, {
        name: 'ask-name',
        inputResponses,
        requestState: state,
      });
      expect(JSON.parse(firstText(answered.body.result as never))).toEqual({ hello: 'Ann' });
      const tampered = `${state.slice(0, -4)}AAAA`;
      const refused = await postToolCall(url, {
        name: 'ask-name',
        inputResponses,
        requestState: tampered,
      });
      // A JSON-RPC error where the server verifies; the McpServer's own error result otherwise.
      const text = refused.body.error?.message ?? firstText(refused.body.result as never);
      expect(text).toMatch(/Invalid or expired requestState/);
    },
  );
});
