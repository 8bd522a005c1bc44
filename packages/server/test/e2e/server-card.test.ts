import { createServer, type Server as HttpServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, createTestSigner } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMcpHandler,
  InvalidOptionError,
  type McpHandler,
  type ServeOptions,
  type ServerHandle,
  startServer,
} from '../../src/index.js';
import { connectModernStreamable, connectSse, connectStreamable } from '../helpers/clients.js';

const CARD_TYPE = 'application/mcp-server-card+json';
// The bounds the Server Card schema puts on what we fill in.
const CARD_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

function createRegistry(): Registry {
  const registry = new Registry();
  registry.register(
    'orders.find',
    defineModule({
      description: 'Finds an order.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
      execute: ({ id }) => ({ id }),
    }),
  );
  return registry;
}

/** A GET with headers fetch may not set (`Host`), answered with status, headers and body. */
function rawGet(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number | undefined; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the Server Card', () => {
  let server: ServerHandle | undefined;
  let host: HttpServer | undefined;
  let handler: McpHandler | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await handler?.close();
    handler = undefined;
    host?.closeAllConnections();
    await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
    host = undefined;
  });

  async function start(options: ServeOptions): Promise<{ base: string; url: string }> {
    server = await startServer(createRegistry(), {
      transport: 'streamable-http',
      port: 0,
      name: 'order-tools',
      version: '3.2.1',
      logger: createRecordingLogger(),
      ...options,
    });
    const url = server.url ?? expect.fail('no url');
    return { base: new URL(url).origin, url };
  }

  it('tells a client where and how to connect, matching what the server says once connected', async () => {
    const { base, url } = await start({ serverCard: true });
    const response = await fetch(`${base}/mcp/server-card`, { headers: { accept: CARD_TYPE } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(CARD_TYPE);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const card = (await response.json()) as Record<string, unknown> & {
      name: string;
      description: string;
      remotes: { type: string; url: string; supportedProtocolVersions: string[] }[];
    };
    expect(card).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json',
      name: 'local/order-tools',
      version: '3.2.1',
      remotes: [
        { type: 'streamable-http', url, supportedProtocolVersions: ['2026-07-28', '2025-11-25'] },
      ],
    });
    expect(card.name).toMatch(CARD_NAME);
    expect(card.description.length).toBeGreaterThan(0);
    expect(card.description.length).toBeLessThanOrEqual(100);
    expect(card).not.toHaveProperty('tools');

    // Both revisions connect at the card's URL, and see the name and version it gave.
    const remote = card.remotes[0]?.url ?? expect.fail('no remote');
    const legacy = await connectStreamable(remote);
    const modern = await connectModernStreamable(remote);
    try {
      expect(legacy.client.getServerVersion()).toMatchObject({
        name: 'order-tools',
        version: '3.2.1',
      });
      expect(modern.getServerVersion()).toMatchObject({ name: 'order-tools', version: '3.2.1' });
      expect((await modern.listTools()).tools.map((tool) => tool.name)).toEqual(['orders-find']);
    } finally {
      await legacy.client.close();
      await modern.close();
    }
  });

  it('is listed by the domain catalog, whose entry leads to it', async () => {
    const { base } = await start({ serverCard: { name: 'com.acme/orders', title: 'Orders' } });
    const response = await fetch(`${base}/.well-known/mcp/catalog.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const catalog = (await response.json()) as { entries: { url: string }[] };
    expect(catalog).toEqual({
      specVersion: 'draft',
      entries: [
        {
          identifier: 'urn:air:127.0.0.1:orders',
          displayName: 'Orders',
          type: CARD_TYPE,
          url: `${base}/mcp/server-card`,
        },
      ],
    });
    const card = await fetch(catalog.entries[0]?.url ?? expect.fail('no entry'));
    expect(await card.json()).toMatchObject({ name: 'com.acme/orders', title: 'Orders' });
  });

  it('is public: read without a token and from any page, while the endpoint still asks for both', async () => {
    const signer = await createTestSigner('ES256', 'card');
    const { base } = await start({ serverCard: true, auth: { jwks: signer.jwks } });
    const fromPage = await fetch(`${base}/mcp/server-card`, {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(fromPage.status).toBe(200);
    expect(await fromPage.json()).toMatchObject({
      remotes: [{ headers: [{ name: 'Authorization', isRequired: true, isSecret: true }] }],
    });
    const preflight = await fetch(`${base}/mcp/server-card`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const endpoint = await fetch(`${base}/mcp`, { method: 'POST', body: '{}' });
    expect(endpoint.status).toBe(401);
  });

  it('passes the Host check, answers HEAD, and refuses other methods', async () => {
    const { base } = await start({ serverCard: true });
    const rebound = await rawGet(`${base}/mcp/server-card`, { host: 'evil.example:8000' });
    expect(rebound.status).toBe(403);
    const head = await rawGet(`${base}/mcp/server-card`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const post = await fetch(`${base}/mcp/server-card`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('builds its URLs from publicUrl behind a proxy', async () => {
    const { base } = await start({
      serverCard: { name: 'com.acme/orders', publicUrl: 'https://mcp.acme.com/orders/mcp' },
    });
    const card = (await (await fetch(`${base}/mcp/server-card`)).json()) as Record<string, unknown>;
    expect(card).toMatchObject({ remotes: [{ url: 'https://mcp.acme.com/orders/mcp' }] });
    const catalog = await (await fetch(`${base}/.well-known/mcp/catalog.json`)).json();
    expect(catalog).toMatchObject({
      entries: [
        {
          identifier: 'urn:air:mcp.acme.com:orders',
          url: 'https://mcp.acme.com/orders/mcp/server-card',
        },
      ],
    });
  });

  it('sits under the SSE stream path over SSE, where a client connects', async () => {
    const { base } = await start({ serverCard: true, transport: 'sse' });
    const card = (await (await fetch(`${base}/sse/server-card`)).json()) as {
      remotes: { type: string; url: string }[];
    };
    expect(card.remotes).toMatchObject([{ type: 'sse', url: `${base}/sse` }]);
    const client = await connectSse(card.remotes[0]?.url ?? expect.fail('no remote'));
    try {
      expect((await client.listTools()).tools).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('is served by createMcpHandler in a host server too', async () => {
    handler = await createMcpHandler(createRegistry(), { serverCard: true, name: 'hosted' });
    host = createServer(handler);
    await new Promise<void>((resolve) => host?.listen(0, '127.0.0.1', resolve));
    const { port } = host.address() as AddressInfo;
    const card = await (await fetch(`http://127.0.0.1:${port}/mcp/server-card`)).json();
    expect(card).toMatchObject({
      name: 'local/hosted',
      remotes: [{ url: `http://127.0.0.1:${port}/mcp` }],
    });
  });

  it('is not served unless asked', async () => {
    const { base } = await start({});
    expect((await fetch(`${base}/mcp/server-card`)).status).toBe(404);
    expect((await fetch(`${base}/.well-known/mcp/catalog.json`)).status).toBe(404);
  });

  it('refuses a bad card before serving, and over stdio', async () => {
    const bad = startServer(createRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      serverCard: { name: 'orders' },
    });
    await expect(bad).rejects.toSatisfy(
      (error: unknown) =>
        InvalidOptionError.isInstance(error) && error.details.option === 'serverCard.name',
    );
    const overStdio = startServer(createRegistry(), {
      transport: 'stdio',
      logger: createRecordingLogger(),
      serverCard: true,
    });
    await expect(overStdio).rejects.toThrow(/serverCard.*streamable-http or sse, not stdio/);
  });
});
