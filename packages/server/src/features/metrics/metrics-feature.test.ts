import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@apcore-mcp/core/bridge';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestFeatureRuntime } from '../../__fixtures__/feature-runtime.js';
import { invalidOption } from '../../__fixtures__/invalid-option.js';
import { ExecutionRouter } from '../../calls/execution-router.js';
import type { FeatureFrame, HttpFeatureFrame } from '../../feature-api/server-feature.js';
import type { HttpExchange, HttpRoute } from '../../kernel/http-route.js';
import { checkServeOptions } from '../../options/resolve-options.js';
import { METRICS_FEATURE } from './metrics-feature.js';
import { serveMetrics } from './metrics-route.js';

const FRAME: FeatureFrame = {
  name: 'tools',
  version: '1.0.0',
  transport: 'streamable-http',
  path: '/mcp',
  host: '127.0.0.1',
  allowedHosts: undefined,
  logger: silentLogger,
};
const HTTP_FRAME: HttpFeatureFrame = {
  ...FRAME,
  transport: 'streamable-http',
  endpointPath: '/mcp',
  tls: false,
  authRequired: false,
  authenticator: undefined,
  sessions: () => 3,
  notServed: () => [],
};

/** The checks an exchange was asked for, each passing unless told otherwise. */
interface Checks {
  guard: string[];
  admitted: number;
}

/** Serves `answer` on 127.0.0.1 with an exchange whose checks are recorded in `checks`. */
async function serveExchanges(
  answer: (exchange: HttpExchange) => Promise<void>,
  checks: Checks,
): Promise<{ base: string; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const exchange: HttpExchange = {
      request,
      response,
      url,
      passGuard: (what) => {
        checks.guard.push(what);
        return true;
      },
      admit: async () => {
        checks.admitted += 1;
        return true;
      },
    };
    void answer(exchange);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the metrics options', () => {
  it('refuses metricsPort over HTTP, and takes it over stdio', () => {
    expect(() => checkServeOptions({ transport: 'sse', metricsPort: 9464 })).toThrow(
      invalidOption(
        'metricsPort',
        'metricsPort applies to transport stdio only; sse serves GET /metrics on its own port',
      ),
    );
    expect(() => checkServeOptions({ metricsPort: 9464 })).not.toThrow();
    expect(() => checkServeOptions({ metricsPort: 0 })).toThrow(
      invalidOption('metricsPort', 'metricsPort must be between 1 and 65535, got 0'),
    );
  });

  it('refuses metricsPort with metrics: false, and takes it with metrics left out', () => {
    expect(() => checkServeOptions({ metrics: false, metricsPort: 9464 })).toThrow(
      invalidOption('metricsPort', 'metricsPort needs metrics; it was given with metrics: false'),
    );
    expect(() => checkServeOptions({ metrics: true, metricsPort: 9464 })).not.toThrow();
  });
});

describe('the metrics feature', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('is off without its options, and metricsPort alone turns it on', async () => {
    const runtime = await openTestFeatureRuntime();
    const open = (metricsPort: number | undefined) =>
      METRICS_FEATURE.open?.(
        { metrics: false, metricsPort },
        { ...FRAME, transport: 'stdio' },
        runtime,
      );
    expect(await open(undefined)).toBeUndefined();
    const opened = await open(9464);
    expect(opened?.startServing).toBeTypeOf('function');
  });

  it('serves nothing until a host starts serving, then observes calls and serves /metrics', async () => {
    const runtime = await openTestFeatureRuntime();
    const registry = new Registry();
    const opened = await METRICS_FEATURE.open?.(
      { metrics: { registry }, metricsPort: undefined },
      FRAME,
      runtime,
    );
    expect(opened?.httpRoutes?.(HTTP_FRAME)).toEqual([]);
    expect(opened?.announce?.('http://127.0.0.1:8000/mcp')).toBeUndefined();
    const router = new ExecutionRouter({ executor: runtime.executor, tools: runtime.tools });
    const observer = await opened?.startServing?.({
      ...runtime,
      router,
      toolListChanged: () => {},
    });
    observer?.answeredRequest({
      method: 'prompts/get',
      target: 'greet',
      outcome: 'ok',
      durationMs: 1,
    });
    expect(opened?.announce?.('http://127.0.0.1:8000/mcp')).toBe('http://127.0.0.1:8000/metrics');
    const [route] = opened?.httpRoutes?.(HTTP_FRAME) ?? [];
    const served = await serveExchanges(
      (exchange) => Promise.resolve((route as HttpRoute).serve(exchange)),
      { guard: [], admitted: 0 },
    );
    server = served.server;
    const text = await (await fetch(`${served.base}/metrics`)).text();
    expect(text).toContain(
      'apcore_mcp_requests_total{method="prompts/get",target="greet",outcome="ok"} 1',
    );
    expect(text).toContain('apcore_mcp_sessions{era="2025-11-25"} 3');
    await opened?.close?.();
  });
});

describe('GET /metrics', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  const metrics = { contentType: 'text/plain; version=0.0.4', text: async () => 'up 1\n' };

  it('passes the Host/Origin checks, authenticates only when asked, and 404s other methods', async () => {
    const open: Checks = { guard: [], admitted: 0 };
    const protectedChecks: Checks = { guard: [], admitted: 0 };
    const openServed = await serveExchanges(
      (exchange) => serveMetrics(exchange, metrics, false),
      open,
    );
    server = openServed.server;
    const response = await fetch(`${openServed.base}/metrics`);
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
      200,
      'text/plain; version=0.0.4',
      'up 1\n',
    ]);
    expect(open).toEqual({ guard: ['/metrics'], admitted: 0 });
    expect((await fetch(`${openServed.base}/metrics`, { method: 'POST' })).status).toBe(404);
    server.closeAllConnections();
    await new Promise<void>((resolve) => openServed.server.close(() => resolve()));
    const guarded = await serveExchanges(
      (exchange) => serveMetrics(exchange, metrics, true),
      protectedChecks,
    );
    server = guarded.server;
    expect((await fetch(`${guarded.base}/metrics`)).status).toBe(200);
    expect(protectedChecks).toEqual({ guard: ['/metrics'], admitted: 1 });
  });
});
