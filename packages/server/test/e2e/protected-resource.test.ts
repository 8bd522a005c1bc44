import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createRecordingLogger,
  createTestSigner,
  firstText,
  type TestSigner,
} from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMcpHandler } from '../../src/index.js';
import { INITIALIZE_REQUEST, MCP_POST_HEADERS } from '../helpers/clients.js';
import {
  createIdentityExecutor,
  type IdentityServer,
  startIdentityServer,
} from '../helpers/identity-server.js';
import { serveJwks } from '../helpers/jwks-server.js';

const AUDIENCE = 'mcp-tests';

function postInitialize(url: string, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(INITIALIZE_REQUEST),
  });
}

describe('the OAuth protected resource', () => {
  let signer: TestSigner;
  let running: IdentityServer | undefined;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    signer = await createTestSigner('ES256', 'ec-1');
  });

  afterEach(async () => {
    await running?.server.close();
    running = undefined;
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('serves its metadata at the root and path-suffixed well-known URLs, without a token', async () => {
    running = await startIdentityServer({
      auth: {
        jwks: signer.jwks,
        authorizationServers: ['https://auth.example.com'],
        requiredScopes: ['tools:call'],
        scopesSupported: ['tools:call', 'tools:admin'],
      },
    });
    const expected = {
      resource: running.url,
      authorization_servers: ['https://auth.example.com/'],
      scopes_supported: ['tools:call', 'tools:admin'],
      bearer_methods_supported: ['header'],
    };
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const response = await fetch(new URL(path, running.url));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(expected);
    }
    const health = await fetch(new URL('/health', running.url));
    expect(health.status).toBe(200);
  });

  it('names the configured resourceUrl in the metadata and the challenge', async () => {
    const resourceUrl = 'https://mcp.example.com/api/mcp';
    running = await startIdentityServer({ auth: { jwks: signer.jwks, resourceUrl } });
    const metadata = await fetch(
      new URL('/.well-known/oauth-protected-resource/api/mcp', running.url),
    );
    expect(await metadata.json()).toMatchObject({ resource: resourceUrl });
    const refused = await postInitialize(running.url);
    expect(refused.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/api/mcp"',
    );
  });

  it('guards the SSE transport, whose resource is /sse', async () => {
    running = await startIdentityServer({
      transport: 'sse',
      auth: { jwks: signer.jwks, audience: AUDIENCE },
    });
    const refused = await fetch(running.url);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(
      '/.well-known/oauth-protected-resource/sse"',
    );
    const token = await signer.sign({ sub: 'carol', aud: AUDIENCE, roles: ['ops'] });
    const client = await connectClient({
      era: '2025-11-25',
      transport: 'sse',
      url: running.url,
      headers: { authorization: `Bearer ${token}` },
    });
    try {
      const result = JSON.parse(firstText(await client.callTool('who-am-i')));
      expect(result.identity).toMatchObject({ id: 'carol', roles: ['ops'] });
    } finally {
      await client.close();
    }
  });

  it('keeps /metrics open by default and guards it with protectMetrics', async () => {
    running = await startIdentityServer({ metrics: true, auth: { jwks: signer.jwks } });
    expect((await fetch(new URL('/metrics', running.url))).status).toBe(200);
    await running.server.close();
    running = await startIdentityServer({
      metrics: true,
      auth: { jwks: signer.jwks, protectMetrics: true },
    });
    const metricsUrl = new URL('/metrics', running.url);
    const refused = await fetch(metricsUrl);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
    const token = await signer.sign({ sub: 'prometheus', aud: running.url });
    const allowed = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('# HELP');
  });

  it('guards createMcpHandler mounted in a plain Node server', async () => {
    const handler = await createMcpHandler(createIdentityExecutor(), {
      logger: createRecordingLogger(),
      auth: { jwks: signer.jwks },
    });
    const server: Server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    expect((await postInitialize(url)).status).toBe(401);
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url,
      headers: { authorization: `Bearer ${await signer.sign({ sub: 'dave', aud: url })}` },
    });
    try {
      expect(JSON.parse(firstText(await client.callTool('who-am-i'))).identity.id).toBe('dave');
    } finally {
      await client.close();
    }
  });

  it('fetches a JWKS URL once, again for an unknown kid after rotation, and survives its failure', async () => {
    const jwks = await serveJwks(signer.jwks);
    cleanups.push(jwks.close);
    running = await startIdentityServer({ auth: { jwksUrl: jwks.url, jwksCooldownMs: 0 } });
    const aud = running.url;
    const first = await signer.sign({ sub: 'erin', aud });
    expect((await postInitialize(running.url, first)).status).toBe(200);
    expect((await postInitialize(running.url, first)).status).toBe(200);
    expect(jwks.fetches).toBe(1);

    const rotated = await createTestSigner('ES256', 'ec-2');
    jwks.rotate(rotated.jwks);
    const second = await rotated.sign({ sub: 'erin', aud });
    expect((await postInitialize(running.url, second)).status).toBe(200);
    expect(jwks.fetches).toBe(2);

    jwks.fail();
    const unknown = await (await createTestSigner('ES256', 'ec-3')).sign({ sub: 'erin', aud });
    const refused = await postInitialize(running.url, unknown);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(running.logger.warnings()).toContainEqual(
      expect.stringContaining('Could not get the keys to verify a bearer token'),
    );
    // The server is still up and still serves tokens it can verify from its cache.
    expect((await postInitialize(running.url, second)).status).toBe(200);
  });
});
