import {
  createSelfSignedCert,
  createTestSigner,
  fetchTrusting,
  firstText,
  type SelfSignedCert,
} from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvalidOptionError, startServer } from '../../src/index.js';
import { INITIALIZE_REQUEST, MCP_POST_HEADERS } from '../helpers/clients.js';
import {
  createIdentityExecutor,
  type IdentityServer,
  startIdentityServer,
} from '../helpers/identity-server.js';

const APP = 'https://app.example.com';

describe('CORS, TLS and exposure', () => {
  let running: IdentityServer | undefined;
  let cert: SelfSignedCert;

  beforeAll(() => {
    cert = createSelfSignedCert();
  });
  afterAll(() => cert.remove());
  afterEach(async () => {
    await running?.server.close();
    running = undefined;
  });

  it('answers a preflight from a CORS origin with the allowed methods and headers', async () => {
    running = await startIdentityServer({ cors: { origins: [APP], maxAgeSeconds: 120 } });
    const response = await fetch(running.url, {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-session-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
    const allowHeaders = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of [
      'Authorization',
      'Content-Type',
      'Mcp-Session-Id',
      'Mcp-Protocol-Version',
      'Last-Event-ID',
    ]) {
      expect(allowHeaders).toContain(header);
    }
    expect(response.headers.get('access-control-max-age')).toBe('120');
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('exposes the session id and challenge to a CORS origin, and still refuses others', async () => {
    const signer = await createTestSigner('EdDSA');
    running = await startIdentityServer({ cors: { origins: [APP] }, auth: { jwks: signer.jwks } });
    const post = (origin: string, token?: string) =>
      fetch(running?.url ?? '', {
        method: 'POST',
        headers: {
          ...MCP_POST_HEADERS,
          origin,
          ...(token && { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(INITIALIZE_REQUEST),
      });
    const unauthorized = await post(APP);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe(APP);
    expect(unauthorized.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    const accepted = await post(APP, await signer.sign({ sub: 'web', aud: running.url }));
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('access-control-allow-origin')).toBe(APP);
    expect(accepted.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id');
    expect(accepted.headers.get('mcp-session-id')).toBeTruthy();
    const foreign = await post('https://evil.example.com');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const foreignPreflight = await fetch(running.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(foreignPreflight.status).toBe(403);
  });

  for (const era of ['2025-11-25', '2026-07-28'] satisfies ClientEra[]) {
    it(`serves HTTPS with a real certificate (${era})`, async () => {
      running = await startIdentityServer({ tls: { cert: cert.cert, key: cert.key } });
      expect(running.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(running.logger.messages('info')).toContainEqual(
        expect.stringContaining(`url=${running.url}`),
      );
      const client = await connectClient({
        era,
        transport: 'http',
        url: running.url,
        fetch: fetchTrusting(cert.cert),
      });
      try {
        const result = JSON.parse(firstText(await client.callTool('who-am-i')));
        expect(result).toEqual({ identity: null });
      } finally {
        await client.close();
      }
      // A client that does not trust the certificate gets no answer at all.
      await expect(fetch(running.url)).rejects.toThrow();
    });
  }

  it('refuses a certificate without its key, and a key that does not match', async () => {
    const other = createSelfSignedCert();
    try {
      const start = (tls: unknown) =>
        startServer(createIdentityExecutor(), {
          transport: 'streamable-http',
          port: 0,
          tls: tls as { cert: string; key: string },
        });
      await expect(start({ cert: cert.cert })).rejects.toThrow(/tls\.key is missing/);
      await expect(start({ cert: cert.cert, key: other.key })).rejects.toThrow(
        /^tls: the certificate and key cannot be used/,
      );
    } finally {
      other.remove();
    }
  });

  it('warns when bound beyond loopback without authentication', async () => {
    running = await startIdentityServer({ host: '0.0.0.0' });
    expect(running.logger.warnings()).toContainEqual(expect.stringContaining('--auth-jwks-file'));
    await running.server.close();
    const signer = await createTestSigner('ES256');
    running = await startIdentityServer({ host: '0.0.0.0', auth: { jwks: signer.jwks } });
    expect(running.logger.warnings().join('\n')).not.toContain('without authentication');
  });

  it("warns when bound beyond loopback with the audience taken from the request's Host", async () => {
    const signer = await createTestSigner('ES256');
    running = await startIdentityServer({ host: '0.0.0.0', auth: { jwks: signer.jwks } });
    expect(running.logger.warnings()).toContainEqual(
      expect.stringContaining("built from each request's Host header, which any client can set"),
    );
    await running.server.close();
    running = await startIdentityServer({
      host: '0.0.0.0',
      auth: { jwks: signer.jwks, resourceUrl: 'https://mcp.example.com/mcp' },
    });
    expect(running.logger.warnings().join('\n')).not.toContain('Host header');
  });

  it('refuses auth and authenticate together', async () => {
    const signer = await createTestSigner('ES256');
    await expect(
      startServer(createIdentityExecutor(), {
        transport: 'streamable-http',
        port: 0,
        auth: { jwks: signer.jwks },
        authenticate: () => ({ id: 'x' }),
      }),
    ).rejects.toSatisfy(InvalidOptionError.isInstance);
  });
});
