import { createRecordingLogger } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/index.js';
import {
  createMetricsRegistry,
  sampleValue,
  scrape,
  statusWithHost,
} from '../helpers/metrics-fixture.js';

const CALLS = 'apcore_mcp_tool_calls_total';
const DURATION = 'apcore_mcp_tool_call_duration_seconds';

describe.each([
  ['streamable-http', 'http'],
  ['sse', 'sse'],
] as const)('metrics over %s', (transport, clientTransport) => {
  it('counts ok calls, failures and approvals under bounded labels', async () => {
    const server = await startServer(createMetricsRegistry(), {
      transport,
      port: 0,
      metrics: true,
      validateInputs: true,
      approval: 'deny',
      logger: createRecordingLogger(),
    });
    const client = await connectClient({
      era: '2025-11-25',
      transport: clientTransport,
      url: server.url ?? '',
    });
    try {
      await client.callTool('math-add', { a: 1, b: 2 });
      await client.callTool('math-add', { a: 3, b: 4 });
      expect((await client.callTool('math-add', { a: 'x' })).isError).toBe(true);
      expect((await client.callTool('files-remove', { path: '/tmp/a' })).isError).toBe(true);
      // Unknown to the client (-32602), yet counted like any call, under a bounded label.
      await expect(client.callTool('client-chosen-name', {})).rejects.toMatchObject({
        code: -32602,
      });

      const { status, contentType, text } = await scrape(server.metricsUrl ?? '');
      expect(status).toBe(200);
      expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(sampleValue(text, `${CALLS}{tool="math-add",outcome="ok"}`)).toBe(2);
      expect(sampleValue(text, `${CALLS}{tool="math-add",outcome="SCHEMA_VALIDATION_ERROR"}`)).toBe(
        1,
      );
      expect(sampleValue(text, `${CALLS}{tool="files-remove",outcome="APPROVAL_DENIED"}`)).toBe(1);
      expect(sampleValue(text, `${CALLS}{tool="_unknown",outcome="MODULE_NOT_FOUND"}`)).toBe(1);
      expect(text).not.toContain('client-chosen-name');
      expect(
        sampleValue(
          text,
          'apcore_mcp_tool_call_duration_seconds_count{tool="math-add",outcome="ok"}',
        ),
      ).toBe(2);
      expect(sampleValue(text, `${DURATION}_bucket{le="+Inf",tool="math-add",outcome="ok"}`)).toBe(
        2,
      );
      expect(sampleValue(text, `${DURATION}_sum{tool="math-add",outcome="ok"}`)).toBeGreaterThan(0);
      expect(text).toContain(`# TYPE ${DURATION} histogram`);
      expect(sampleValue(text, 'apcore_mcp_approvals_total{decision="denied",how="policy"}')).toBe(
        1,
      );
      expect(sampleValue(text, 'apcore_mcp_tool_calls_in_flight')).toBe(0);
      expect(sampleValue(text, 'apcore_mcp_tools')).toBe(2);
      expect(sampleValue(text, 'apcore_mcp_sessions{era="2025-11-25"}')).toBe(1);
      expect(text).toContain('process_cpu_user_seconds_total');

      const health = (await (await fetch(new URL('/health', server.url))).json()) as Record<
        string,
        unknown
      >;
      expect(health).toMatchObject({
        status: 'ok',
        moduleCount: 2,
        tools: 2,
        sessions: 1,
        inFlight: 0,
      });
      expect(typeof health.uptimeSeconds).toBe('number');
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe('metrics for a 2026-07-28 client', () => {
  it('counts a call that ends with a question as input_required, and opens no session', async () => {
    const server = await startServer(createMetricsRegistry(), {
      transport: 'streamable-http',
      port: 0,
      metrics: true,
      logger: createRecordingLogger(),
    });
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: server.url ?? '',
      onElicit: () => ({ action: 'accept', content: { confirm: true } }),
    });
    try {
      expect((await client.callTool('files-remove', { path: '/tmp/a' })).isError).toBe(false);
      const { text } = await scrape(server.metricsUrl ?? '');
      expect(sampleValue(text, `${CALLS}{tool="files-remove",outcome="input_required"}`)).toBe(1);
      expect(sampleValue(text, `${CALLS}{tool="files-remove",outcome="ok"}`)).toBe(1);
      expect(
        sampleValue(text, 'apcore_mcp_approvals_total{decision="approved",how="elicit"}'),
      ).toBe(1);
      expect(sampleValue(text, 'apcore_mcp_sessions{era="2025-11-25"}')).toBe(0);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe('metrics options', () => {
  it('follows dynamic registration in the tools gauge', async () => {
    const registry = createMetricsRegistry();
    const server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      metrics: true,
      dynamic: true,
      logger: createRecordingLogger(),
    });
    try {
      expect(sampleValue((await scrape(server.metricsUrl ?? '')).text, 'apcore_mcp_tools')).toBe(2);
      registry.unregister('files.remove');
      expect(sampleValue((await scrape(server.metricsUrl ?? '')).text, 'apcore_mcp_tools')).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('adds its series to the application registry, without default metrics', async () => {
    const appRegistry = new Registry();
    new Counter({ name: 'app_orders_total', help: 'Orders.', registers: [appRegistry] });
    const server = await startServer(createMetricsRegistry(), {
      transport: 'streamable-http',
      port: 0,
      metrics: { registry: appRegistry },
      logger: createRecordingLogger(),
    });
    try {
      await (await connectClient({ era: '2026-07-28', transport: 'http', url: server.url ?? '' }))
        .callTool('math-add', { a: 1, b: 1 })
        .catch(() => undefined);
      const text = await appRegistry.metrics();
      expect(text).toContain('app_orders_total 0');
      expect(sampleValue(text, `${CALLS}{tool="math-add",outcome="ok"}`)).toBe(1);
      expect(text).not.toContain('process_cpu_user_seconds_total');
      expect((await scrape(server.metricsUrl ?? '')).text).toBe(text);
    } finally {
      await server.close();
    }
  });

  it('answers 404 on /metrics when metrics are off, and guards the Host when on', async () => {
    const off = await startServer(createMetricsRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    const on = await startServer(createMetricsRegistry(), {
      transport: 'streamable-http',
      port: 0,
      metrics: true,
      logger: createRecordingLogger(),
    });
    try {
      expect(off.metricsUrl).toBeUndefined();
      expect((await scrape(new URL('/metrics', off.url).href)).status).toBe(404);
      expect(await statusWithHost(on.metricsUrl ?? '', 'evil.example')).toBe(403);
    } finally {
      await Promise.all([off.close(), on.close()]);
    }
  });
});
