import { defineModule, elicit, type ModuleContext, reportProgress } from '@apcore-mcp/core';
import {
  type ExecutorLike,
  isExecutorLike,
  isRegistryLike,
  type RegistryLike,
} from '@apcore-mcp/core/bridge';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Context } from './context.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

describe('the runtime implements the apcore contract', () => {
  it('gives modules a Context that is a ModuleContext, and takes one back for nested calls', () => {
    expectTypeOf<Context>().toExtend<ModuleContext>();
    expectTypeOf<Executor>().toExtend<ExecutorLike>();
    expectTypeOf<Registry>().toExtend<RegistryLike>();
  });

  it('passes the type guards the bridge uses', () => {
    const registry = new Registry();
    expect(isRegistryLike(registry)).toBe(true);
    expect(isExecutorLike(new Executor(registry))).toBe(true);
    expect(isExecutorLike(registry)).toBe(false);
  });

  it('registers a module typed by its execute signature', () => {
    const module = defineModule({
      description: 'typed',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
      execute: (inputs: { name: string }) => ({ length: inputs.name.length }),
    });
    const registry = new Registry();
    registry.register('typed', module);
    expect(registry.has('typed')).toBe(true);
  });

  it('lets a module call another through its context, without casts', async () => {
    const registry = new Registry();
    registry.register(
      'math.double',
      defineModule({
        description: 'Double a number',
        inputSchema: { type: 'object' },
        execute: ({ value }) => ({ value: Number(value) * 2 }),
      }),
    );
    registry.register(
      'math.quadruple',
      defineModule({
        description: 'Quadruple a number',
        inputSchema: { type: 'object' },
        execute: async (inputs, context) => {
          const twice = await context.executor.call('math.double', inputs, context);
          return {
            ...(await context.executor.call('math.double', twice, context)),
            chain: context.callChain,
            aborted: context.signal.aborted,
            shared: context.data.shared ?? null,
          };
        },
      }),
    );
    const executor = new Executor(registry);
    const context = Context.create({ executor, data: { shared: 'yes' } });
    expect(await executor.call('math.quadruple', { value: 3 }, context)).toEqual({
      value: 12,
      chain: ['math.quadruple'],
      aborted: false,
      shared: 'yes',
    });
  });

  it('runs reportProgress and elicit quietly in a plain executor.call: elicit answers null', async () => {
    const registry = new Registry();
    registry.register(
      'job.run',
      defineModule({
        description: 'Reports progress and asks a question',
        inputSchema: { type: 'object' },
        execute: async (_inputs, context) => {
          await reportProgress(context, 1, 2, 'half way');
          const answer = await elicit(context, 'Continue?');
          return { answer };
        },
      }),
    );
    expect(await new Executor(registry).call('job.run', {})).toEqual({ answer: null });
  });
});
