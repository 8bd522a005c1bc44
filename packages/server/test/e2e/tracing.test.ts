import { defineModule, type ModuleContext } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { named, useSpanRecorder } from '@apcore-mcp/test-support/spans';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01`;

/** Modules that call each other, ask approval and fail, each reporting its trace id. */
function createTracedExecutor(): Executor {
  const registry = new Registry();
  registry.register(
    'trace.outer',
    defineModule({
      description: 'Calls trace.inner',
      inputSchema: {},
      execute: async (_inputs, context: ModuleContext) => ({
        traceId: context.traceId,
        inner: await context.executor.call('trace.inner', {}, context),
      }),
    }),
  );
  registry.register(
    'trace.inner',
    defineModule({
      description: 'Reports its trace id',
      inputSchema: {},
      execute: (_inputs, context: ModuleContext) => ({ traceId: context.traceId }),
    }),
  );
  registry.register(
    'trace.guarded',
    defineModule({
      description: 'Needs approval',
      inputSchema: {},
      annotations: { requiresApproval: true },
      execute: () => ({ ok: true }),
    }),
  );
  registry.register(
    'trace.strict',
    defineModule({
      description: 'Needs a number',
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      execute: (inputs) => ({ n: inputs.n }),
    }),
  );
  return new Executor(registry);
}

describe.each<ClientEra>(['2025-11-25', '2026-07-28'])('tracing over %s', (era) => {
  const { tracer, spans } = useSpanRecorder();
  const servers: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.allSettled(servers.splice(0).map((server) => server.close()));
  });

  async function call(name: string, args: Record<string, unknown> = {}) {
    const server = await startServer(createTracedExecutor(), {
      transport: 'streamable-http',
      port: 0,
      approval: 'allow',
      tracing: { tracer },
      logger: createRecordingLogger(),
    });
    servers.push(server);
    const client = await connectClient({ era, transport: 'http', url: server.url ?? '' });
    try {
      return await client.callTool(name, args, { meta: { traceparent: TRACEPARENT } });
    } finally {
      await client.close();
    }
  }

  it("continues the client's trace, and the modules see its trace id", async () => {
    const result = await call('trace-outer');
    expect(result.isError).toBe(false);
    const span = named(spans(), 'tools/call trace-outer');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
    expect(span.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'trace-outer',
      'apcore.module.id': 'trace.outer',
      'mcp.protocol.version': era,
      'apcore.mcp.era': era,
      'apcore.call.outcome': 'success',
    });
    expect(span.attributes['jsonrpc.request.id']).toEqual(expect.any(String));
    expect(result.structuredContent ?? JSON.parse(String(result.content[0]?.text))).toEqual({
      traceId: TRACE_ID,
      inner: { traceId: TRACE_ID },
    });
  });

  it('gives each module call of the call tree a child span under its caller', async () => {
    await call('trace-outer');
    const recorded = spans();
    const tool = named(recorded, 'tools/call trace-outer');
    const outer = named(recorded, 'apcore.call trace.outer');
    const inner = named(recorded, 'apcore.call trace.inner');
    expect(outer.parentSpanContext?.spanId).toBe(tool.spanContext().spanId);
    expect(inner.parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
    expect(inner.spanContext().traceId).toBe(TRACE_ID);
    expect(inner.attributes['apcore.module.id']).toBe('trace.inner');
  });

  it('puts the approval in a span of the module call that asked it', async () => {
    const result = await call('trace-guarded');
    expect(result.isError).toBe(false);
    const recorded = spans();
    const module = named(recorded, 'apcore.call trace.guarded');
    const approval = named(recorded, 'approval trace.guarded');
    expect(approval.parentSpanContext?.spanId).toBe(module.spanContext().spanId);
    expect(approval.attributes).toMatchObject({
      'apcore.approval.approved': true,
      'apcore.approval.how': 'policy',
    });
  });

  it('marks an error result ERROR with its apcore error code', async () => {
    const result = await call('trace-strict', {});
    expect(result.isError).toBe(true);
    const span = named(spans(), 'tools/call trace-strict');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes).toMatchObject({
      'error.type': 'SCHEMA_VALIDATION_ERROR',
      'apcore.call.outcome': 'error',
    });
    expect(named(spans(), 'apcore.call trace.strict').status.code).toBe(SpanStatusCode.ERROR);
  });

  it('names the span of an unknown tool by the method only', async () => {
    // The client is told -32602 Unknown tool; the call is still traced like any other.
    await expect(call('no-such-tool')).rejects.toMatchObject({ code: -32602 });
    const span = named(spans(), 'tools/call');
    expect(span.attributes).toMatchObject({
      'gen_ai.tool.name': 'no-such-tool',
      'error.type': 'MODULE_NOT_FOUND',
    });
  });
});
