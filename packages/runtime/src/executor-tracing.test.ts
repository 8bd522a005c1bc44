import { defineModule, type ModuleContext } from '@apcore-mcp/core';
import { type CallStep, MODULE_CALL_STEPS_KEY, type ModuleCall } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

/** A step that records when each module call starts and how it ends. */
function createRecordingStep(): { step: CallStep<ModuleCall, unknown>; events: string[] } {
  const events: string[] = [];
  return {
    events,
    async step({ moduleId }, next) {
      events.push(`start ${moduleId}`);
      try {
        const result = await next();
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

describe('Executor steps around module calls', () => {
  it('runs every module call of a call tree through the steps it carries, nested ones inside', async () => {
    const executor = createExecutor();
    const tracer = createRecordingStep();
    const context = executor.createContext({
      moduleId: 'outer',
      data: { [MODULE_CALL_STEPS_KEY]: [tracer.step] },
    });
    await executor.call('outer', {}, context);
    expect(tracer.events).toEqual(['start outer', 'start inner', 'end inner', 'end outer']);
  });

  it('lets the steps see a failing call fail, and the caller still gets the error', async () => {
    const executor = createExecutor();
    const tracer = createRecordingStep();
    const context = executor.createContext({
      moduleId: 'broken',
      data: { [MODULE_CALL_STEPS_KEY]: [tracer.step] },
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

  it('ignores a steps key that holds no list of steps', async () => {
    const executor = createExecutor();
    const context = executor.createContext({
      moduleId: 'inner',
      data: { [MODULE_CALL_STEPS_KEY]: 'not steps' },
    });
    await expect(executor.call('inner', {}, context)).resolves.toHaveProperty('traceId');
  });
});
