import { request as httpRequest } from 'node:http';
import { createRecordingLogger, firstText, type RecordingLogger } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeModule,
  ForeignExecutor,
  ForeignRegistry,
} from '../../src/__fixtures__/foreign-runtime.js';
import { ListenError, type ServerHandle, startServer } from '../../src/index.js';
import { connectStreamable, INITIALIZE_REQUEST, MCP_POST_HEADERS } from '../helpers/clients.js';

function createEcho() {
  const registry = new ForeignRegistry();
  registry.add(
    describeModule('text.echo', {
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    }),
  );
  return new ForeignExecutor(registry, { 'text.echo': (inputs) => ({ text: inputs.text }) });
}

/** A raw HTTP request, so headers fetch would forbid (Host) can be set. */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('the HTTP layer', () => {
  let server: ServerHandle | undefined;
  let executor: ForeignExecutor;
  let logger: RecordingLogger;

  async function start(options: Parameters<typeof startServer>[1] = {}): Promise<string> {
    executor = createEcho();
    logger = createRecordingLogger();
    server = await startServer(executor, {
      transport: 'streamable-http',
      port: 0,
      logger,
      ...options,
    });
    return server.url ?? '';
  }

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers /health with status, module count and uptime', async () => {
    const url = await start();
    const response = await fetch(new URL('/health', url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'ok', moduleCount: 1 });
    expect(typeof body.uptimeSeconds).toBe('number');
    expect(body.uptimeSeconds as number).toBeGreaterThanOrEqual(0);
  });

  it('answers unknown paths 404 with a JSON body', async () => {
    const url = await start();
    const response = await fetch(new URL('/nope', url));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found', path: '/nope' });
  });

  it('refuses a foreign Origin with 403 and runs nothing', async () => {
    const url = await start();
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, origin: 'https://evil.example' },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Origin not allowed');
    expect(executor.calls).toEqual([]);
    const local = await fetch(url, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, origin: 'http://localhost:5173' },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(local.status).toBe(200);
  });

  it('accepts configured origins only', async () => {
    const url = await start({ allowedOrigins: ['https://app.example.com'] });
    const allowed = await fetch(url, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, origin: 'https://app.example.com' },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(allowed.status).toBe(200);
    const refused = await fetch(url, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, origin: 'http://localhost:3000' },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(refused.status).toBe(403);
  });

  it('refuses a DNS-rebound Host header with 403', async () => {
    const url = await start();
    const response = await rawRequest(url, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, host: 'evil.example:8000' },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(response.status).toBe(403);
    expect(response.body).toContain('Host not allowed: evil.example:8000');
  });

  it('refuses an oversized body with 413 and keeps serving', async () => {
    const url = await start({ maxBodyBytes: 1024 });
    const { client } = await connectStreamable(url);
    const huge = JSON.stringify({ ...INITIALIZE_REQUEST, padding: 'x'.repeat(64 * 1024) });
    const declared = await fetch(url, { method: 'POST', headers: MCP_POST_HEADERS, body: huge });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain('must not exceed 1024 bytes');
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 64; index++) controller.enqueue(new Uint8Array(1024).fill(32));
        controller.close();
      },
    });
    const streamed = await fetch(url, {
      method: 'POST',
      headers: MCP_POST_HEADERS,
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const result = await client.callTool({ name: 'text-echo', arguments: { text: 'still here' } });
    expect(JSON.parse(firstText(result))).toEqual({ text: 'still here' });
    await client.close();
  });

  it('refuses a non-JSON content type with 415', async () => {
    const url = await start();
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, 'content-type': 'text/plain' },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(response.status).toBe(415);
  });

  it('answers malformed JSON with a JSON-RPC parse error', async () => {
    const url = await start();
    const response = await fetch(url, { method: 'POST', headers: MCP_POST_HEADERS, body: '{oops' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: -32700 } });
  });

  it('asks for a session id (400), 404s an unknown one, and keeps serving the open session', async () => {
    const url = await start();
    const { client } = await connectStreamable(url);
    const listRequest = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const missing = await fetch(url, {
      method: 'POST',
      headers: MCP_POST_HEADERS,
      body: listRequest,
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringContaining('Mcp-Session-Id') },
    });
    for (const method of ['POST', 'GET', 'DELETE']) {
      const unknown = await fetch(url, {
        method,
        headers: { ...MCP_POST_HEADERS, 'mcp-session-id': 'no-such-session' },
        ...(method === 'POST' && { body: listRequest }),
      });
      // The client must start a new session (initialize again) on a 404.
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
    }
    const result = await client.callTool({ name: 'text-echo', arguments: { text: 'still here' } });
    expect(JSON.parse(firstText(result))).toEqual({ text: 'still here' });
    await client.close();
  });

  it('ends a session on DELETE', async () => {
    const url = await start();
    const { client, transport } = await connectStreamable(url);
    const sessionId = transport.sessionId;
    expect(sessionId).toBeTruthy();
    await transport.terminateSession();
    const after = await fetch(url, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, 'mcp-session-id': sessionId ?? '' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    });
    expect(after.status).toBe(404);
    await client.close();
  });

  it('serves stateless Streamable HTTP without session ids', async () => {
    const url = await start({ stateless: true });
    const { client, transport } = await connectStreamable(url);
    expect(transport.sessionId).toBeUndefined();
    const result = await client.callTool({ name: 'text-echo', arguments: { text: 'hi' } });
    expect(JSON.parse(firstText(result))).toEqual({ text: 'hi' });
    await client.close();
  });

  it('refuses a request without the identity authenticate wants (401)', async () => {
    const url = await start({
      authenticate: (request) =>
        request.headers.authorization === 'Bearer good' ? { id: 'tester' } : null,
    });
    const refused = await fetch(url, {
      method: 'POST',
      headers: MCP_POST_HEADERS,
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(refused.status).toBe(401);
    const health = await fetch(new URL('/health', url));
    expect(health.status).toBe(200);
  });

  it('names host:port and keeps the error code when the port is taken', async () => {
    const url = await start();
    const port = Number(new URL(url).port);
    const error = await startServer(createEcho(), {
      transport: 'streamable-http',
      port,
      logger: createRecordingLogger(),
    }).catch((failure: unknown) => failure);
    expect(ListenError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'EADDRINUSE',
      message: `Cannot listen on 127.0.0.1:${port}: address 127.0.0.1:${port} is already in use`,
      details: { host: '127.0.0.1', port },
    });
  });
});
