import { createServer, get, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineModule } from '@apcore-mcp/core';
import { INSPECTOR_CONTENT_SECURITY_POLICY } from '@apcore-mcp/inspector';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, createTestSigner } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMcpHandler,
  type McpHandler,
  type ServeOptions,
  type ServerHandle,
  startServer,
} from '../../src/index.js';

const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];

/** One module that counts its runs: a refused call must leave the count alone. */
function createCountingRegistry(): { registry: Registry; runs: () => number } {
  let runs = 0;
  const registry = new Registry();
  registry.register(
    'orders.cancel',
    defineModule({
      description: 'Cancels an order.',
      inputSchema: { type: 'object', properties: { orderId: { type: 'string' } } },
      annotations: { destructive: true },
      documentation: '# Cancel\n\nCannot be undone.',
      execute: () => {
        runs += 1;
        return { cancelled: true };
      },
    }),
  );
  return { registry, runs: () => runs };
}

/** The headers a browser adds to every request the inspector page at `pageUrl` sends. */
function pageHeaders(pageUrl: string): Record<string, string> {
  return { referer: pageUrl, 'sec-fetch-site': 'same-origin' };
}

function pageConfig(html: string): Record<string, unknown> {
  const match =
    /<script type="application\/json" id="apcore-inspector-config">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match?.[1] ?? 'null') as Record<string, unknown>;
}

describe('the inspector on startServer', () => {
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(options: ServeOptions): Promise<{ base: string; runs: () => number }> {
    const { registry, runs } = createCountingRegistry();
    server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      ...options,
    });
    return { base: new URL(server.url ?? '').origin, runs };
  }

  it('serves its page and files under the prefix, with their CSP, and nothing else', async () => {
    const { base } = await start({ inspector: true });
    expect(server?.inspectorUrl).toBe(`${base}/inspector/`);
    const bare = await fetch(`${base}/inspector`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('inspector/');
    const page = await fetch(`${base}/inspector/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(INSPECTOR_CONTENT_SECURITY_POLICY);
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(pageConfig(await page.text())).toEqual({
      endpoint: '../mcp',
      transport: 'streamable-http',
      allowExecute: false,
      authRequired: false,
    });
    const script = await fetch(`${base}/inspector/inspector.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${base}/inspector/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/inspector/%2e%2e/package.json`)).status).toBe(404);
    expect((await fetch(`${base}/inspector/`, { method: 'POST' })).status).toBe(405);
  });

  it('passes the Host check like every route', async () => {
    const { base } = await start({ inspector: true });
    // fetch may not set Host: a rebound name reaches the server as a plain request does.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${base}/inspector/`, { headers: { host: 'evil.example:8000' } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(403);
  });

  it('is not served unless asked', async () => {
    const { base } = await start({});
    expect(server?.inspectorUrl).toBeUndefined();
    expect((await fetch(`${base}/inspector/`)).status).toBe(404);
  });

  for (const era of ERAS) {
    it(`read only (${era}): the page lists and reads, and the server refuses its calls`, async () => {
      const { base, runs } = await start({ inspector: true });
      const url = `${base}/mcp`;
      const page = await connectClient({
        era,
        transport: 'http',
        url,
        headers: pageHeaders(`${base}/inspector/`),
      });
      try {
        expect((await page.listTools()).map(({ name }) => name)).toEqual(['orders-cancel']);
        const docs = await page.readResource('docs://orders.cancel');
        expect(JSON.stringify(docs)).toContain('Cannot be undone');
        const refused = await page.callTool('orders-cancel', { orderId: 'A-1' });
        expect(refused.isError).toBe(true);
        expect(refused._meta?.['apcore/errorCode']).toBe('INSPECTOR_READ_ONLY');
        expect(refused.content[0]?.text).toMatch(/inspector.allowExecute is off/);
        expect(runs()).toBe(0);
      } finally {
        await page.close();
      }
      // Any other client of the same server calls as usual.
      const agent = await connectClient({ era, transport: 'http', url });
      try {
        expect((await agent.callTool('orders-cancel', { orderId: 'A-1' })).isError).toBe(false);
        expect(runs()).toBe(1);
      } finally {
        await agent.close();
      }
    });
  }

  it('lets the page call tools with allowExecute', async () => {
    const { base, runs } = await start({ inspector: { allowExecute: true, prefix: '/dev/tools' } });
    expect(server?.inspectorUrl).toBe(`${base}/dev/tools/`);
    const html = await (await fetch(`${base}/dev/tools/`)).text();
    expect(pageConfig(html)).toMatchObject({ endpoint: '../../mcp', allowExecute: true });
    const headers = pageHeaders(`${base}/dev/tools/`);
    const page = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: `${base}/mcp`,
      headers,
    });
    try {
      expect((await page.callTool('orders-cancel', { orderId: 'A-1' })).isError).toBe(false);
      expect(runs()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('over SSE, points the page at /sse and refuses its calls there too', async () => {
    const { base, runs } = await start({ transport: 'sse', inspector: true });
    const html = await (await fetch(`${base}/inspector/`)).text();
    expect(pageConfig(html)).toMatchObject({ endpoint: '../sse', transport: 'sse' });
    const headers = pageHeaders(`${base}/inspector/`);
    const page = await connectClient({
      era: '2025-11-25',
      transport: 'sse',
      url: `${base}/sse`,
      headers,
    });
    try {
      const refused = await page.callTool('orders-cancel', {});
      expect(refused._meta?.['apcore/errorCode']).toBe('INSPECTOR_READ_ONLY');
      expect(runs()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('tells the page what is not served and why, never a file, and nothing when it checks tokens', async () => {
    const registry = new Registry();
    const broken = defineModule({
      description: 'Broken.',
      inputSchema: { type: 'object', required: 'x' },
      execute: () => ({}),
    });
    registry.register('orders.broken', broken, { file: '/srv/extensions/orders/broken.ts' });
    const options: ServeOptions = { transport: 'streamable-http', port: 0, inspector: true };
    server = await startServer(registry, { ...options, logger: createRecordingLogger() });
    const page = await fetch(new URL('/inspector/', server.url).href);
    expect(pageConfig(await page.text()).notServed).toEqual([
      {
        kind: 'module',
        name: 'orders.broken',
        reason: 'its input schema is not valid JSON Schema: /required: must be array (got "x")',
      },
    ]);
    expect(server.notServed).toEqual([
      expect.objectContaining({ name: 'orders.broken', file: '/srv/extensions/orders/broken.ts' }),
    ]);
    await server.close();
    const signer = await createTestSigner('ES256');
    const auth = { jwks: signer.jwks, audience: 'https://mcp.example.test/mcp' };
    server = await startServer(registry, { ...options, auth, logger: createRecordingLogger() });
    const guarded = await fetch(new URL('/inspector/', server.url).href);
    expect(pageConfig(await guarded.text())).not.toHaveProperty('notServed');
  });

  it('serves the page without a token and tells it to ask for one', async () => {
    const signer = await createTestSigner('ES256');
    const audience = 'https://mcp.example.test/mcp';
    const { base } = await start({ inspector: true, auth: { jwks: signer.jwks, audience } });
    const page = await fetch(`${base}/inspector/`);
    expect(page.status).toBe(200);
    expect(pageConfig(await page.text())).toMatchObject({ authRequired: true });
    const headers = pageHeaders(`${base}/inspector/`);
    const unauthenticated = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(unauthenticated.status).toBe(401);
    const token = await signer.sign({ sub: 'alice', aud: audience });
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: `${base}/mcp`,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    try {
      const refused = await client.callTool('orders-cancel', {});
      expect(refused._meta?.['apcore/errorCode']).toBe('INSPECTOR_READ_ONLY');
    } finally {
      await client.close();
    }
  });
});

describe('the inspector on createMcpHandler mounted under a sub-path', () => {
  let httpServer: HttpServer | undefined;
  let handler: McpHandler | undefined;
  afterEach(async () => {
    await handler?.close();
    httpServer?.closeAllConnections();
    await new Promise((resolve) => httpServer?.close(resolve) ?? resolve(undefined));
  });

  it('reaches the endpoint from the page wherever the handler is mounted', async () => {
    const { registry } = createCountingRegistry();
    const mcpHandler = await createMcpHandler(registry, {
      inspector: { allowExecute: true },
      logger: createRecordingLogger(),
    });
    handler = mcpHandler;
    // What an Express `app.use('/api', handler)` does: the handler sees the path below /api.
    httpServer = createServer((request, response) => {
      if (!request.url?.startsWith('/api/')) {
        response.writeHead(404).end();
        return;
      }
      request.url = request.url.slice('/api'.length);
      void mcpHandler(request, response);
    });
    await new Promise<void>((resolve) => httpServer?.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    const pageUrl = `${base}/api/inspector/`;
    const config = pageConfig(await (await fetch(pageUrl)).text());
    const endpoint = new URL(String(config.endpoint), pageUrl).href;
    expect(endpoint).toBe(`${base}/api/mcp`);
    const page = await connectClient({ era: '2026-07-28', transport: 'http', url: endpoint });
    try {
      expect((await page.callTool('orders-cancel', {})).isError).toBe(false);
    } finally {
      await page.close();
    }
  });
});
