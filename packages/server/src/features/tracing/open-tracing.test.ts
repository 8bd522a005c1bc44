import { defineModule, type ModuleContext } from '@apcore-mcp/core';
import type { CallSpans } from '@apcore-mcp/observability';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { firstText } from '@apcore-mcp/test-support';
import { useSpanRecorder } from '@apcore-mcp/test-support/spans';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createToolSource } from '../../__fixtures__/tool-source.js';
import { ExecutionRouter } from '../../calls/execution-router.js';
import type { ToolCallTrace } from '../../kernel/tool-call-trace.js';
import { openTracing } from './open-tracing.js';
import { resolveTracing, type TracingOption } from './tracing-option.js';

async function createRouter(tracing: TracingOption) {
  const registry = new Registry();
  registry.register(
    'x.run',
    defineModule({
      description: 'Reports its trace id',
      inputSchema: {},
      execute: (_inputs, context: ModuleContext) => ({ traceId: context.traceId }),
    }),
  );
  const tools = createToolSource([{ name: 'x.run', inputSchema: { type: 'object' } }]);
  return new ExecutionRouter({
    executor: new Executor(registry),
    tools,
    entries: { tracing: (await openTracing(tracing, tools))?.callSteps?.tracing },
  });
}

describe('call tracing without an OpenTelemetry SDK', () => {
  it("answers as untraced calls do, and keeps the runtime's own trace id", async () => {
    const result = await (await createRouter(true)).handleCall(
      'x.run',
      {},
      {
        traceCarrier: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
      },
    );
    const { traceId } = JSON.parse(firstText(result)) as { traceId: string };
    // No propagator is registered and no clientTraceId was read from the carrier (the protocol
    // layer does that): the span names no trace, and no all-zero id leaks.
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toBe('0'.repeat(32));
    expect(result.isError).toBeUndefined();
  });
});

describe("a client's trace id without an OpenTelemetry SDK", () => {
  it.each([
    ['tracing on', true],
    ['tracing off', false],
  ])("becomes the module's trace id, %s", async (_case, tracing) => {
    const clientTraceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const router = await createRouter(tracing);
    const result = await router.handleCall('x.run', {}, { clientTraceId });
    expect(JSON.parse(firstText(result))).toEqual({ traceId: clientTraceId });
  });
});

describe('openTracing', () => {
  const { tracer, spans } = useSpanRecorder();

  it('opens nothing when tracing is off', async () => {
    await expect(openTracing(false, createToolSource([]))).resolves.toBeUndefined();
  });

  it("traces a call, the module's trace id being its span's", async () => {
    const result = await (await createRouter({ tracer })).handleCall('x.run', {});
    expect(result.isError).toBeUndefined();
    const span = spans().find((recorded) => recorded.name === 'tools/call x.run');
    expect(span).toBeDefined();
    const { traceId } = JSON.parse(firstText(result)) as { traceId: string };
    expect(traceId).toBe(span?.spanContext().traceId);
  });

  it("hands down the call's spans as the trace the call path reads", () => {
    expectTypeOf<CallSpans>().toExtend<ToolCallTrace>();
  });

  it('opens a step for each pipeline once its package has loaded', async () => {
    const opened = await openTracing(true, createToolSource([]));
    expect(opened?.callSteps?.tracing).toBeTypeOf('function');
    expect(opened?.requestSteps?.tracing).toBeTypeOf('function');
  });
});

describe('resolveTracing', () => {
  it('turns tracing off by default and accepts true or a tracer', () => {
    expect(resolveTracing(undefined)).toBe(false);
    expect(resolveTracing(true)).toBe(true);
    const tracer = { startSpan: () => undefined, startActiveSpan: () => undefined };
    expect(resolveTracing({ tracer })).toEqual({ tracer });
  });

  it('refuses anything else', () => {
    expect(() => resolveTracing('yes')).toThrow('tracing must be a boolean or { tracer }');
    expect(() => resolveTracing({ tracer: {} })).toThrow(/tracing\.tracer must be/);
  });
});
