import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@apcore-mcp/core/bridge';
import { INSPECTOR_CONTENT_SECURITY_POLICY } from '@apcore-mcp/inspector';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestFeatureRuntime } from '../../__fixtures__/feature-runtime.js';
import type { HttpFeatureFrame } from '../../feature-api/server-feature.js';
import type { HttpRoute } from '../../kernel/http-route.js';
import { INSPECTOR_FEATURE } from './inspector-feature.js';
import { isInspectorPageRequest } from './inspector-page-request.js';

const FRAME = {
  name: 'tools',
  version: '1.0.0',
  transport: 'sse',
  path: '/mcp',
  host: '127.0.0.1',
  allowedHosts: undefined,
  logger: silentLogger,
} as const;
const HTTP_FRAME: HttpFeatureFrame = {
  ...FRAME,
  endpointPath: '/sse',
  tls: false,
  authRequired: false,
  authenticator: undefined,
  sessions: () => 0,
  notServed: () => [{ kind: 'module', name: 'broken', reason: 'its input schema is invalid' }],
};

/** Serves one route on 127.0.0.1, as the HTTP handler would, every check passing. */
async function serveRoute(route: HttpRoute): Promise<{ base: string; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!route.owns(url.pathname)) return void response.writeHead(404).end();
    void route.serve({ request, response, url, passGuard: () => true, admit: async () => true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the inspector feature', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('is off, and loads nothing, without its option', async () => {
    expect(
      await INSPECTOR_FEATURE.open?.(
        { inspector: undefined },
        FRAME,
        await openTestFeatureRuntime(),
      ),
    ).toBeUndefined();
  });

  it('serves the page read into memory, its config naming what is not served', async () => {
    const opened = await INSPECTOR_FEATURE.open?.(
      { inspector: { prefix: '/inspector', allowExecute: true } },
      FRAME,
      await openTestFeatureRuntime(),
    );
    const [route] = opened?.httpRoutes?.(HTTP_FRAME) ?? [];
    const served = await serveRoute(route ?? expect.fail('no route'));
    server = served.server;
    const { base } = served;
    const page = await fetch(`${base}/inspector/`);
    expect(page.headers.get('content-security-policy')).toBe(INSPECTOR_CONTENT_SECURITY_POLICY);
    const html = await page.text();
    expect(html).toContain('"transport":"sse"');
    expect(html).toContain('"endpoint":"../sse"');
    expect(html).toContain('its input schema is invalid');
    expect(opened?.callGuard).toBeUndefined();
  });

  it('read only: refuses the calls of the page it marks, and says where it is', async () => {
    const opened = await INSPECTOR_FEATURE.open?.(
      { inspector: { prefix: '/debug', allowExecute: false } },
      FRAME,
      await openTestFeatureRuntime(),
    );
    expect(opened?.callGuard).toBeDefined();
    expect(opened?.announce?.('http://127.0.0.1:8000/mcp')).toBe('http://127.0.0.1:8000/debug/');
    const request = {
      headers: { referer: 'http://127.0.0.1:8000/debug/', 'sec-fetch-site': 'same-origin' },
    } as unknown as Parameters<typeof isInspectorPageRequest>[0];
    expect(isInspectorPageRequest(request, '/debug')).toBe(true);
  });

  it('refuses a prefix that would hide the MCP endpoint', () => {
    expect(() =>
      INSPECTOR_FEATURE.checkOptions?.(
        { inspector: { prefix: '/mcp', allowExecute: false } },
        FRAME,
        {},
      ),
    ).toThrow(/inspector\.prefix.*\/mcp would hide the MCP endpoint/);
  });
});
