import {
  CALL_TRACER_KEY,
  type CallTracer,
  defineModule,
  type ModuleContext,
} from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

/** A tracer that records when each module call starts and how it ends. */
function createRecordingTracer(): CallTracer & { events: string[] } {
  const events: string[] = [];
  return {
    events,
    async traceCall(moduleId, run) {
      events.push(`start ${moduleId}`);
      try {
        const result = await run();
        events.push(`end ${moduleId}`);
        return result;
      } catch (error) {
        events.push(`fail ${moduleId}`);
        throw error;
      }
    },
  };
}

function createExecutor(): Executor {
  const registry = new Registry();
  registry.register(
    'outer',
    defineModule({
      description: 'calls inner',
      inputSchema: {},
      execute: async (_inputs, context: ModuleContext) => {
        const inner = await context.executor.call('inner', {}, context);
        return { inner, traceId: context.traceId };
      },
    }),
  );
  registry.register(
    'inner',
    defineModule({
      description: 'answers',
      inputSchema: {},
      execute: (_inputs, context: ModuleContext) => ({ traceId: context.traceId }),
    }),
  );
  registry.register(
    'broken',
    defineModule({
      description: 'fails',
      inputSchema: {},
      execute: () => {
        throw new Error('boom');
      },
    }),
  );
  return new Executor(registry);
}

describe('Executor tracing', () => {
  it('runs every module call of a traced call tree through the tracer, nested ones inside', async () => {
    const executor = createExecutor();
    const tracer = createRecordingTracer();
    const context = executor.createContext({
      moduleId: 'outer',
      data: { [CALL_TRACER_KEY]: tracer },
    });
    await executor.call('outer', {}, context);
    expect(tracer.events).toEqual(['start outer', 'start inner', 'end inner', 'end outer']);
  });

  it('lets the tracer see a failing call fail, and the caller still gets the error', async () => {
    const executor = createExecutor();
    const tracer = createRecordingTracer();
    const context = executor.createContext({
      moduleId: 'broken',
      data: { [CALL_TRACER_KEY]: tracer },
    });
    await expect(executor.call('broken', {}, context)).rejects.toThrow('boom');
    expect(tracer.events).toEqual(['start broken', 'fail broken']);
  });

  it('gives the whole call tree the trace id of the context request', async () => {
    const executor = createExecutor();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const context = executor.createContext({ moduleId: 'outer', traceId });
    const output = await executor.call('outer', {}, context);
    expect(output).toEqual({ inner: { traceId }, traceId });
  });

  it('ignores a tracer key that holds no tracer', async () => {
    const executor = createExecutor();
    const context = executor.createContext({
      moduleId: 'inner',
      data: { [CALL_TRACER_KEY]: 'not a tracer' },
    });
    await expect(executor.call('inner', {}, context)).resolves.toHaveProperty('traceId');
  });
});
