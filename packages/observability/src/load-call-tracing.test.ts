import { defineModule, type ModuleContext } from '@apcore-mcp/core';
import { MODULE_CALL_STEPS_KEY } from '@apcore-mcp/core/bridge';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { named, useSpanRecorder } from '@apcore-mcp/test-support/spans';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { loadCallTracing } from './load-call-tracing.js';
import type { TracedCall, TracedTools } from './traced-call.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01`;
const TOOLS: TracedTools = {
  get: (name) => (name === 'trace-outer' ? { moduleId: 'trace.outer' } : undefined),
};

/** `trace.outer` calls `trace.inner`; both report the trace id their context runs under. */
function createExecutor(): Executor {
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
  return new Executor(registry);
}

/** Runs `trace.outer` the way a server does: the call's module call step in the context. */
function runOuter(executor: Executor, call: TracedCall): Promise<Record<string, unknown>> {
  const { trace } = call.extra;
  const context = executor.createContext({
    moduleId: 'trace.outer',
    ...(trace?.traceId === undefined ? {} : { traceId: trace.traceId }),
    data: trace === undefined ? {} : { [MODULE_CALL_STEPS_KEY]: [trace.moduleCallStep] },
  });
  return executor.call('trace.outer', {}, context);
}

describe('loadCallTracing without an OpenTelemetry SDK', () => {
  it('runs the call as untraced: the same extra, no spans to carry', async () => {
    const entry = await loadCallTracing({ tools: TOOLS });
    const extra = { traceCarrier: { traceparent: TRACEPARENT }, requestId: 1 };
    const call: TracedCall = { tool: 'trace-outer', extra };
    const answer = { content: [] };
    await expect(entry(call, async () => answer)).resolves.toBe(answer);
    expect(call.extra).toBe(extra);
  });
});

describe('loadCallTracing with an OpenTelemetry SDK', () => {
  const { tracer, spans } = useSpanRecorder();

  it("opens a SERVER span continuing the client's trace, module calls nested under it", async () => {
    const entry = await loadCallTracing({ tools: TOOLS, tracer });
    const executor = createExecutor();
    const call: TracedCall = {
      tool: 'trace-outer',
      extra: { traceCarrier: { traceparent: TRACEPARENT }, era: '2026-07-28', requestId: 7 },
    };
    const output = await entry(call, () => runOuter(executor, call));
    expect(output).toEqual({ traceId: TRACE_ID, inner: { traceId: TRACE_ID } });
    const recorded = spans();
    const tool = named(recorded, 'tools/call trace-outer');
    expect(tool.kind).toBe(SpanKind.SERVER);
    expect(tool.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
    expect(tool.attributes).toMatchObject({
      'apcore.module.id': 'trace.outer',
      'apcore.mcp.era': '2026-07-28',
      'jsonrpc.request.id': '7',
      'apcore.call.outcome': 'success',
    });
    const outer = named(recorded, 'apcore.call trace.outer');
    const inner = named(recorded, 'apcore.call trace.inner');
    expect(outer.parentSpanContext?.spanId).toBe(tool.spanContext().spanId);
    expect(inner.parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
  });

  it('records an approval decision, and an error result as a failed span', async () => {
    const entry = await loadCallTracing({ tools: TOOLS, tracer });
    const call: TracedCall = { tool: 'trace-outer', extra: {} };
    await entry(call, async () => {
      await call.extra.trace?.traceApproval('trace.outer', async () => ({
        approved: false,
        how: 'policy',
      }));
      return { content: [], isError: true, _meta: { 'apcore/errorCode': 'APPROVAL_DENIED' } };
    });
    const approval = named(spans(), 'approval trace.outer');
    expect(approval.attributes).toMatchObject({
      'apcore.approval.approved': false,
      'apcore.approval.how': 'policy',
    });
    const tool = named(spans(), 'tools/call trace-outer');
    expect(tool.status).toEqual({ code: SpanStatusCode.ERROR, message: 'APPROVAL_DENIED' });
    expect(tool.attributes['error.type']).toBe('APPROVAL_DENIED');
  });

  it('keeps a name no tool has out of the span name', async () => {
    const entry = await loadCallTracing({ tools: TOOLS, tracer });
    await entry({ tool: 'no-such-tool', extra: {} }, async () => ({ content: [] }));
    expect(named(spans(), 'tools/call').attributes['gen_ai.tool.name']).toBe('no-such-tool');
  });
});
