import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeModule,
  ForeignExecutor,
  ForeignRegistry,
} from '../../src/__fixtures__/foreign-runtime.js';
import { createInteractiveRuntime } from '../../src/__fixtures__/interactive-modules.js';
import { createMcpHandler, InvalidOptionError, type McpHandler } from '../../src/index.js';
import { connectSse, connectStreamable, MCP_POST_HEADERS } from '../helpers/clients.js';
import { HOSTILE_DEPTH, nestedArrayText, TOO_DEEP } from '../helpers/deep-json.js';

function createEcho() {
  const registry = new ForeignRegistry();
  registry.add(describeModule('text.echo'));
  return new ForeignExecutor(registry, { 'text.echo': (inputs) => ({ echoed: inputs }) });
}

function listen(server: HttpServer): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

describe('createMcpHandler in a plain http.createServer', () => {
  let httpServer: HttpServer | undefined;
  let handler: McpHandler | undefined;

  afterEach(async () => {
    await handler?.close();
    httpServer?.closeAllConnections();
    await new Promise((resolve) => httpServer?.close(resolve) ?? resolve(undefined));
    handler = undefined;
    httpServer = undefined;
  });

  it('serves /mcp and /health, and 404s the rest', async () => {
    handler = await createMcpHandler(createEcho(), { logger: createRecordingLogger() });
    httpServer = createServer(handler);
    const base = await listen(httpServer);
    const { client } = await connectStreamable(`${base}/mcp`);
    const result = await client.callTool({ name: 'text-echo', arguments: { a: 1 } });
    expect(JSON.parse(firstText(result))).toEqual({ echoed: { a: 1 } });
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    expect(handler.tools.map((tool) => tool.name)).toEqual(['text-echo']);
    await client.close();
  });

  it('answers /metrics itself when metrics are on', async () => {
    handler = await createMcpHandler(createEcho(), {
      metrics: true,
      logger: createRecordingLogger(),
    });
    httpServer = createServer(handler);
    const base = await listen(httpServer);
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: `${base}/mcp`,
    });
    try {
      await client.callTool('text-echo', { a: 1 });
      const text = await (await fetch(`${base}/metrics`)).text();
      expect(text).toContain('apcore_mcp_tool_calls_total{tool="text-echo",outcome="ok"} 1');
    } finally {
      await client.close();
    }
  });

  it('serves a 2025-11-25 and a 2026-07-28 client on the same endpoint', async () => {
    handler = await createMcpHandler(createEcho(), { logger: createRecordingLogger() });
    httpServer = createServer(handler);
    const url = `${await listen(httpServer)}/mcp`;
    for (const era of ['2025-11-25', '2026-07-28'] as const) {
      const client = await connectClient({ era, transport: 'http', url });
      try {
        expect((await client.listTools()).map((tool) => tool.name)).toEqual(['text-echo']);
        const result = await client.callTool('text-echo', { era });
        expect(JSON.parse(firstText(result))).toEqual({ echoed: { era } });
      } finally {
        await client.close();
      }
    }
  });

  it('asks a 2026-07-28 client for approval (input_required) and runs the module once approved', async () => {
    const { executor, probe } = createInteractiveRuntime();
    handler = await createMcpHandler(executor, { logger: createRecordingLogger() });
    httpServer = createServer(handler);
    const url = `${await listen(httpServer)}/mcp`;
    const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
    try {
      const asked: string[] = [];
      const result = await client.callTool(
        'files-delete',
        { path: '/tmp/a' },
        {
          onElicit: (request) => {
            asked.push(request.message);
            return { action: 'accept', content: { confirm: true } };
          },
        },
      );
      expect(asked).toEqual([expect.stringMatching(/^Approve running files\.delete\?/)]);
      expect(JSON.parse(firstText(result))).toEqual({ deleted: '/tmp/a' });
      expect(probe.ran).toEqual(['files.delete']);
    } finally {
      await client.close();
    }
  });

  it('hands unknown paths to next() when given one', async () => {
    const mcp = await createMcpHandler(createEcho(), {
      logger: createRecordingLogger(),
      path: '/api/mcp',
    });
    handler = mcp;
    httpServer = createServer((request, response) => {
      mcp(request, response, () => {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('host app');
      });
    });
    const base = await listen(httpServer);
    expect(await (await fetch(`${base}/`)).text()).toBe('host app');
    // Without metrics the handler serves no /metrics: the host may serve its own there.
    expect(await (await fetch(`${base}/metrics`)).text()).toBe('host app');
    const { client } = await connectStreamable(`${base}/api/mcp`);
    expect((await client.listTools()).tools).toHaveLength(1);
    await client.close();
  });

  it('serves the legacy SSE transport when asked', async () => {
    handler = await createMcpHandler(createEcho(), {
      logger: createRecordingLogger(),
      transport: 'sse',
    });
    httpServer = createServer(handler);
    const base = await listen(httpServer);
    const client = await connectSse(`${base}/sse`);
    const result = await client.callTool({ name: 'text-echo', arguments: { b: 2 } });
    expect(JSON.parse(firstText(result))).toEqual({ echoed: { b: 2 } });
    await client.close();
  });

  it('refuses JSON nested too deep with 400, as serve() does', async () => {
    handler = await createMcpHandler(createEcho(), { logger: createRecordingLogger() });
    httpServer = createServer(handler);
    const base = await listen(httpServer);
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: MCP_POST_HEADERS,
      body: nestedArrayText(HOSTILE_DEPTH),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: TOO_DEEP },
    });
  });

  it('answers 503 after close()', async () => {
    const mcp = await createMcpHandler(createEcho(), { logger: createRecordingLogger() });
    handler = mcp;
    httpServer = createServer(mcp);
    const base = await listen(httpServer);
    await mcp.close();
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{}',
    });
    expect(response.status).toBe(503);
  });

  it('refuses stdio', async () => {
    await expect(createMcpHandler(createEcho(), { transport: 'stdio' })).rejects.toThrow(
      expect.objectContaining({ option: 'transport', value: 'stdio' }),
    );
    await expect(createMcpHandler(createEcho(), { transport: 'stdio' })).rejects.toThrow(
      InvalidOptionError,
    );
  });
});
