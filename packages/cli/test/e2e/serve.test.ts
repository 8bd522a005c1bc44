import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, firstText, initializeRequest } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import {
  assertBuilt,
  BIN,
  cleanEnv,
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
  SERVING_LINE,
  startCli,
} from '../helpers/cli-process.js';

/** What every transport must answer the same way, on the example modules. */
async function checkExampleServer(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain('orders-place_order');
  expect(tools).toHaveLength(13);
  for (const tool of tools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  expect(tools.find((tool) => tool.name === 'orders-place_order')?._meta).toMatchObject({
    'apcore/moduleId': 'orders.place_order',
  });
  const lookup = await client.callTool({
    name: 'catalog-get_product',
    arguments: { sku: 'TEA-010' },
  });
  expect(lookup.isError).toBeFalsy();
  expect(lookup.structuredContent).toMatchObject({
    found: true,
    product: { name: 'Sencha green tea, 100 g' },
  });
  const order = await client.callTool({
    name: 'orders-place_order',
    arguments: {
      customer: {
        name: 'Ada',
        email: 'ada@example.com',
        shippingAddress: {
          street: '1 Main St',
          city: 'Springfield',
          postalCode: '12345',
          country: 'US',
        },
      },
      items: [{ sku: 'MUG-001', quantity: 2 }],
    },
  });
  expect(order.isError).toBeFalsy();
  expect(order.structuredContent).toMatchObject({
    totalCents: 2900,
    orderId: expect.stringMatching(/^ORD-\d+$/),
  });
  const missing = await client.callTool({
    name: 'orders-cancel_order',
    arguments: { orderId: 'ORD-1' },
  });
  expect(missing.isError).toBe(true);
  expect(firstText(missing)).toBe('Invalid input: No order ORD-1');
  const { resources } = await client.listResources();
  expect(resources.map((resource) => resource.uri)).toEqual([
    'docs://catalog.get_product',
    'docs://orders.place_order',
    'ui://catalog.get_product/product-card.html',
    'shop://price-list',
  ]);
  const documentation = await client.readResource({ uri: 'docs://orders.place_order' });
  expect(documentation.contents[0]).toMatchObject({
    mimeType: 'text/markdown',
    text: expect.stringContaining('# Place order'),
  });
}

describe('apcore-mcp serving over stdio', () => {
  it('answers an SDK client (stdout carries only protocol) and stops when the client disconnects', async () => {
    assertBuilt();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        BIN,
        '--extensions-dir',
        EXAMPLE_EXTENSIONS,
        '--name',
        'shop-tools',
        '--server-version',
        '2.3.4',
        '--log-level',
        'debug',
      ],
      env: cleanEnv(),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
    await client.connect(transport);
    expect(client.getServerVersion()).toMatchObject({ name: 'shop-tools', version: '2.3.4' });
    // Without --watch the definition files are read once: no list of them changes.
    expect(client.getServerCapabilities()?.prompts).toEqual({});
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true });
    await checkExampleServer(client);
    // The SDK ends stdin and waits 2 s before it would send SIGTERM: the server must have
    // noticed the closed stdin by itself.
    await client.close();
    expect(stderr).toContain('Client disconnected; shutting down');
    expect(stderr).not.toContain('Received SIGTERM');
    expect(stderr).toContain('"name":"apcore-mcp"');
    expect(stderr).toContain('"level":20');
  });

  it('exits 0 when stdin closes, from a plain child process', async () => {
    const server = startCli(['--extensions-dir', EXAMPLE_EXTENSIONS]);
    await server.waitForStderr(/^apcore-mcp: serving 13 tools over stdio$/m);
    server.child.stdin?.end();
    expect(await server.exited).toBe(0);
  });

  it('exits 0 when the client dies in the middle of a call', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-dying-client-'));
    try {
      await writeFile(
        join(dir, 'slow.mjs'),
        [
          'export default {',
          "  description: 'Says it started, then answers after a while.',",
          "  inputSchema: { type: 'object', properties: {} },",
          '  execute: async () => {',
          "    console.error('slow: started');",
          '    await new Promise((resolve) => setTimeout(resolve, 300));',
          "    console.error('slow: done');",
          '    return { done: true };',
          '  },',
          '};',
          '',
        ].join('\n'),
      );
      const server = startCli(['--extensions-dir', dir]);
      await server.waitForStderr(/^apcore-mcp: serving 1 tool over stdio$/m);
      const send = (message: unknown) => server.child.stdin?.write(`${JSON.stringify(message)}\n`);
      send(initializeRequest('dying'));
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'slow', arguments: {} },
      });
      await server.waitForStderr(/slow: started/);
      // A killed client closes every pipe at once: the answer and the logs still to come meet
      // broken pipes.
      server.child.stdin?.destroy();
      server.child.stdout?.destroy();
      server.child.stderr?.destroy();
      expect(await server.exited).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 0 on SIGTERM while stdin is still open', async () => {
    const server = startCli(['--extensions-dir', EXAMPLE_EXTENSIONS]);
    await server.waitForStderr(/^apcore-mcp: serving 13 tools over stdio$/m);
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});

describe('apcore-mcp serving over HTTP', () => {
  it('prints the Streamable HTTP URL and answers an SDK client there', async () => {
    const port = await findFreePort();
    const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port));
    try {
      const [line, count, url] = await server.waitForStderr(SERVING_LINE);
      expect(line).toBe(
        `apcore-mcp: serving 13 tools over Streamable HTTP at http://127.0.0.1:${port}/mcp\n`,
      );
      expect(count).toBe('13');
      const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url as string)));
      expect(client.getServerVersion()?.name).toBe('apcore-mcp');
      await checkExampleServer(client);
      await client.close();
    } finally {
      expect(await server.stop('SIGINT')).toBe(0);
    }
  });

  it('serves the legacy SSE transport, filtered by --tags and --prefix', async () => {
    const port = await findFreePort();
    const server = startCli([
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--transport',
      'sse',
      '--port',
      String(port),
      '--prefix',
      'orders.',
      '--tags',
      'orders',
    ]);
    try {
      const [, count, url] = await server.waitForStderr(SERVING_LINE);
      expect(count).toBe('3');
      expect(url).toBe(`http://127.0.0.1:${port}/sse`);
      const client = new Client({ name: 'cli-e2e-sse', version: '1.0.0' });
      await client.connect(new SSEClientTransport(new URL(url as string)));
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'orders-cancel_order',
        'orders-place_order',
        'orders-refund_order',
      ]);
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('--tool-search lists search_tools and call_tool, and call_tool runs what a search found', async () => {
    const port = await findFreePort();
    const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port, ['--tool-search']));
    try {
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url as string)));
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
      const search = await client.callTool({
        name: 'search_tools',
        arguments: { query: 'product details', limit: 1 },
      });
      const found = (search.structuredContent as { tools: { name: string }[] }).tools;
      expect(found.map((tool) => tool.name)).toEqual(['catalog-get_product']);
      const result = await client.callTool({
        name: 'call_tool',
        arguments: { name: 'catalog-get_product', arguments: { sku: 'MUG-001' } },
      });
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(firstText(result))).toMatchObject({
        found: true,
        product: { sku: 'MUG-001' },
      });
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('--validate-inputs refuses bad arguments before the module runs', async () => {
    const port = await findFreePort();
    const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port, ['--validate-inputs']));
    try {
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url as string)));
      const result = await client.callTool({
        name: 'catalog-get_product',
        arguments: { sku: 'lowercase' },
      });
      expect(result.isError).toBe(true);
      expect(firstText(result)).toMatch(/^Input validation failed:\n- sku: /);
      await client.close();
    } finally {
      await server.stop();
    }
  });
});
