import { defineModule, type ModuleContext } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { createToolSource } from '../__fixtures__/tool-source.js';
import { ExecutionRouter } from '../calls/execution-router.js';
import { createCallTracing } from './call-tracing.js';
import { resolveTracing } from './tracing-option.js';

function createRouter(tracing: boolean) {
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
    entries: { tracing: createCallTracing(tracing, tools)?.entry },
  });
}

describe('call tracing without an OpenTelemetry SDK', () => {
  it("answers as untraced calls do, and keeps the runtime's own trace id", async () => {
    const result = await createRouter(true).handleCall(
      'x.run',
      {},
      {
        traceCarrier: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
      },
    );
    const { traceId } = JSON.parse(result.content[0]?.text ?? '{}') as { traceId: string };
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
    const result = await createRouter(tracing).handleCall('x.run', {}, { clientTraceId });
    expect(JSON.parse(result.content[0]?.text ?? '{}')).toEqual({ traceId: clientTraceId });
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
