import { defineModule } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { postToolCall } from '../helpers/modern-raw.js';

/** A query routed by region: `region` and `shard` are mirrored into `Mcp-Param-*` headers. */
const QUERY_SCHEMA = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    shard: { type: 'integer', 'x-mcp-header': 'Shard' },
    query: { type: 'string' },
  },
  required: ['region', 'query'],
};

function createSpannerRuntime(): Executor {
  const registry = new Registry();
  registry.register(
    'spanner.query',
    defineModule({
      description: 'Runs a query in a region.',
      inputSchema: QUERY_SCHEMA,
      execute: (inputs) => ({ ran: inputs.query, in: inputs.region }),
    }),
  );
  return new Executor(registry);
}

interface SeenPost {
  method: string;
  headers: Record<string, string>;
  status: number;
}

/** A 2.x client pinned to 2026-07-28 whose POSTs (their headers and answers) are recorded. */
async function connectRecordingClient(url: string, seen: SeenPost[]): Promise<Client> {
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const headers = Object.fromEntries(new Headers(init?.headers));
    if (init?.method === 'POST') {
      const { method } = JSON.parse(String(init.body)) as { method: string };
      seen.push({ method, headers, status: response.status });
    }
    return response;
  };
  const client = new Client(
    { name: 'param-headers', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: recording }));
  return client;
}

describe('Mcp-Param headers of x-mcp-header parameters (2026-07-28, SEP-2243)', () => {
  let server: ServerHandle;
  let url: string;
  const logger = createRecordingLogger();
  beforeAll(async () => {
    server = await startServer(createSpannerRuntime(), {
      transport: 'streamable-http',
      port: 0,
      logger,
    });
    url = server.url ?? '';
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves the declarations as they are, and the 2.x client mirrors them into headers', async () => {
    const seen: SeenPost[] = [];
    const client = await connectRecordingClient(url, seen);
    try {
      const { tools } = await client.listTools();
      expect(tools[0]?.inputSchema).toEqual(QUERY_SCHEMA);
      const result = await client.callTool({
        name: 'spanner-query',
        arguments: { region: 'Zürich', shard: 7, query: 'SELECT 1' },
      });
      expect(JSON.parse(firstText(result))).toEqual({ ran: 'SELECT 1', in: 'Zürich' });
      const call = seen.find((post) => post.method === 'tools/call');
      expect(call?.status).toBe(200);
      expect(call?.headers).toMatchObject({
        'mcp-param-region': `=?base64?${Buffer.from('Zürich').toString('base64')}?=`,
        'mcp-param-shard': '7',
      });
    } finally {
      await client.close();
    }
  });

  it('refuses a call without the headers; the 2.x client then lists the tools and retries', async () => {
    const seen: SeenPost[] = [];
    const client = await connectRecordingClient(url, seen);
    try {
      // Never listed, so the client does not know the declarations on its first attempt.
      const result = await client.callTool({
        name: 'spanner-query',
        arguments: { region: 'us-west1', query: 'SELECT 2' },
      });
      expect(JSON.parse(firstText(result))).toEqual({ ran: 'SELECT 2', in: 'us-west1' });
      const toolRequests = seen.filter((post) => post.method.startsWith('tools/'));
      expect(toolRequests.map((post) => [post.method, post.status])).toEqual([
        ['tools/call', 400],
        ['tools/list', 200],
        ['tools/call', 200],
      ]);
    } finally {
      await client.close();
    }
  });

  it('checks nothing of a 2025-11-25 client, whose revision has no such headers', async () => {
    const client = await connectClient({ era: '2025-11-25', transport: 'http', url });
    try {
      const result = await client.callTool('spanner-query', { region: 'eu', query: 'SELECT 3' });
      expect(JSON.parse(firstText(result))).toEqual({ ran: 'SELECT 3', in: 'eu' });
    } finally {
      await client.close();
    }
  });

  const call = (args: Record<string, unknown>, headers: Record<string, string>) =>
    postToolCall(url, { name: 'spanner-query', arguments: { query: 'q', ...args }, headers });

  it.each([
    ['Base64 with its padding left out', 'Hello', '=?base64?SGVsbG8?=', /malformed/],
    ['characters outside Base64', 'Hello', '=?base64?SGVs!!!bG8=?=', /malformed/],
    ['a value that differs from the body', 'us-west1', 'eu-west1', /does not match/],
  ])('answers %s with 400 and -32020, and keeps serving', async (_case, region, sent, message) => {
    const refused = await call({ region }, { 'mcp-param-region': sent });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: -32020,
      message: expect.stringMatching(message),
      data: { header: 'Mcp-Param-Region' },
    });
    expect(refused.body.id).toEqual(expect.any(Number));
    const served = await call({ region }, { 'mcp-param-region': region });
    expect(served.status).toBe(200);
    expect(served.body.result?.isError).toBeUndefined();
  });

  it('answers a header missing while the body has the value with 400 and -32020', async () => {
    const refused = await call({ region: 'eu', shard: 3 }, { 'mcp-param-region': 'eu' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: -32020,
      message: 'Header mismatch: Mcp-Param-Shard header is missing, but the body has shard',
      data: { header: 'Mcp-Param-Shard' },
    });
  });

  it.each([
    ['valid Base64', 'Hello', '=?base64?SGVsbG8=?='],
    ['a Base64 look-alike without its prefix, taken as it is', 'SGVsbG8=', 'SGVsbG8='],
    [
      'a Base64 look-alike without its suffix, taken as it is',
      '=?base64?SGVsbG8=',
      '=?base64?SGVsbG8=',
    ],
  ])('accepts %s', async (_case, region, sent) => {
    const answer = await call({ region }, { 'mcp-param-region': sent });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({
      content: [{ text: JSON.stringify({ ran: 'q', in: region }) }],
    });
  });

  it('expects no header for a parameter the body leaves out or sets to null', async () => {
    const answer = await call({ region: 'eu', shard: null }, { 'mcp-param-region': 'eu' });
    expect(answer.status).toBe(200);
  });
});

describe('Mcp-Param headers of a module changed while serving', () => {
  it('are checked against the declarations of the module as it is now', async () => {
    const registry = new Registry();
    const register = (headerName: string) =>
      registry.register(
        'spanner.query',
        defineModule({
          description: 'Runs a query in a region.',
          inputSchema: {
            type: 'object',
            properties: { region: { type: 'string', 'x-mcp-header': headerName } },
          },
          execute: (inputs) => ({ in: inputs.region }),
        }),
      );
    register('Region');
    const server = await startServer(new Executor(registry), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      dynamic: true,
    });
    const url = server.url ?? '';
    const call = (headers: Record<string, string>) =>
      postToolCall(url, { name: 'spanner-query', arguments: { region: 'eu' }, headers });
    try {
      expect((await call({ 'mcp-param-region': 'eu' })).status).toBe(200);
      registry.unregister('spanner.query');
      register('Zone');
      await vi.waitFor(async () => {
        const refused = await call({ 'mcp-param-region': 'eu' });
        expect(refused.body.error?.data).toEqual({ header: 'Mcp-Param-Zone' });
      });
      expect((await call({ 'mcp-param-zone': 'eu' })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('an x-mcp-header the specification forbids', () => {
  it('is served, with a warning that conforming clients will leave the tool out', async () => {
    const registry = new Registry();
    registry.register(
      'math.scale',
      defineModule({
        description: 'Scales a number.',
        inputSchema: {
          type: 'object',
          properties: { factor: { type: 'number', 'x-mcp-header': 'Factor' } },
        },
        execute: (inputs) => ({ factor: inputs.factor }),
      }),
    );
    const logger = createRecordingLogger();
    const server = await startServer(new Executor(registry), {
      transport: 'streamable-http',
      port: 0,
      logger,
    });
    try {
      expect(logger.messages('warn')).toContain(
        'Tool math-scale has an invalid x-mcp-header (factor: x-mcp-header is allowed only on a string, integer or boolean property, not number): 2026-07-28 clients over Streamable HTTP leave it out of their tool list',
      );
      expect(server.tools.map((tool) => tool.name)).toEqual(['math-scale']);
    } finally {
      await server.close();
    }
  });
});
