import {
  CallDepthExceededError,
  CallFrequencyExceededError,
  CircularCallError,
  defineModule,
  type ModuleContext,
} from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { Executor } from './executor.js';
import type { ExecutorOptions } from './executor-options.js';
import { guardCallChain } from './guard-call-chain.js';
import { Registry } from './registry.js';

/** A module that calls `next` (if any) through its context and reports what it saw. */
function createCaller(next: string | null) {
  return defineModule({
    description: `calls ${next}`,
    inputSchema: {},
    execute: async (inputs, context: ModuleContext) => {
      const own = {
        chain: [...context.callChain],
        callerId: context.callerId,
        traceId: context.traceId,
      };
      if (next === null) return { seen: [own] };
      const result = await context.executor.call(next, inputs, context);
      return { seen: [own, ...(result.seen as unknown[])] };
    },
  });
}

function createExecutor(links: Record<string, string | null>, options: ExecutorOptions = {}) {
  const registry = new Registry();
  for (const [moduleId, next] of Object.entries(links))
    registry.register(moduleId, createCaller(next));
  return new Executor(registry, options);
}

async function rejectionOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  return (await promise.then(
    () => expect.unreachable('the call should fail'),
    (caught: unknown) => caught,
  )) as Record<string, unknown>;
}

describe('nested calls', () => {
  it('grow the chain, name the caller and share the trace id', async () => {
    const executor = createExecutor({ a: 'b', b: 'c', c: null });
    const { seen } = (await executor.call('a', {})) as { seen: Array<Record<string, unknown>> };
    expect(seen.map((entry) => entry.chain)).toEqual([['a'], ['a', 'b'], ['a', 'b', 'c']]);
    expect(seen.map((entry) => entry.callerId)).toEqual([null, 'a', 'b']);
    expect(new Set(seen.map((entry) => entry.traceId)).size).toBe(1);
  });

  it('share the data bag with the modules they call', async () => {
    const registry = new Registry();
    registry.register(
      'outer',
      defineModule({
        description: 'o',
        inputSchema: {},
        execute: async (_inputs, context) => {
          context.data.note = 'from outer';
          return context.executor.call('inner', {}, context);
        },
      }),
    );
    registry.register(
      'inner',
      defineModule({
        description: 'i',
        inputSchema: {},
        execute: (_inputs, context) => ({ note: context.data.note }),
      }),
    );
    expect(await new Executor(registry).call('outer', {})).toEqual({ note: 'from outer' });
  });

  it('stop at the depth limit with CallDepthExceededError', async () => {
    const executor = createExecutor(
      { m1: 'm2', m2: 'm3', m3: 'm4', m4: null },
      { maxCallDepth: 3 },
    );
    expect(await executor.call('m2', {})).toBeDefined();
    const error = await rejectionOf(executor.call('m1', {}));
    expect(CallDepthExceededError.isInstance(error)).toBe(true);
    expect(error.details).toEqual({ depth: 4, maxDepth: 3, callChain: ['m1', 'm2', 'm3', 'm4'] });
  });

  it('default to a depth limit of 32', async () => {
    const links: Record<string, string | null> = {};
    for (let index = 0; index < 33; index += 1)
      links[`m${index}`] = index === 32 ? null : `m${index + 1}`;
    const executor = createExecutor(links);
    expect(await executor.call('m1', {})).toBeDefined();
    expect(await rejectionOf(executor.call('m0', {}))).toMatchObject({
      code: 'CALL_DEPTH_EXCEEDED',
      details: { depth: 33, maxDepth: 32 },
    });
  });

  it('refuse a cycle with CircularCallError', async () => {
    const executor = createExecutor({ a: 'b', b: 'a' });
    const error = await rejectionOf(executor.call('a', {}));
    expect(CircularCallError.isInstance(error)).toBe(true);
    expect(error.details).toEqual({ moduleId: 'a', callChain: ['a', 'b', 'a'] });
  });

  it('allow direct recursion up to maxModuleRepeat, then raise CallFrequencyExceededError', async () => {
    const registry = new Registry();
    registry.register(
      'countdown',
      defineModule({
        description: 'recursive',
        inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
        execute: async (inputs, context) => {
          const n = inputs.n as number;
          if (n === 0) return { depth: context.callChain.length };
          return context.executor.call('countdown', { n: n - 1 }, context);
        },
      }),
    );
    const executor = new Executor(registry, { maxModuleRepeat: 3 });
    expect(await executor.call('countdown', { n: 2 })).toEqual({ depth: 3 });
    const error = await rejectionOf(executor.call('countdown', { n: 3 }));
    expect(CallFrequencyExceededError.isInstance(error)).toBe(true);
    expect(error.details).toEqual({
      moduleId: 'countdown',
      count: 4,
      maxRepeat: 3,
      callChain: ['countdown', 'countdown', 'countdown', 'countdown'],
    });
  });

  it('do not run the refused module', async () => {
    let runs = 0;
    const registry = new Registry();
    registry.register(
      'a',
      defineModule({
        description: 'a',
        inputSchema: {},
        execute: (_i, c) => c.executor.call('b', {}, c),
      }),
    );
    registry.register(
      'b',
      defineModule({
        description: 'b',
        inputSchema: {},
        execute: (_i, c) => {
          runs += 1;
          return c.executor.call('a', {}, c);
        },
      }),
    );
    await rejectionOf(new Executor(registry).call('a', {}));
    expect(runs).toBe(1);
  });
});

describe('guardCallChain', () => {
  const limits = { maxCallDepth: 4, maxModuleRepeat: 2 };

  it('accepts short chains and direct repetition within the limit', () => {
    expect(() => guardCallChain([], limits)).not.toThrow();
    expect(() => guardCallChain(['a'], limits)).not.toThrow();
    expect(() => guardCallChain(['a', 'b', 'c'], limits)).not.toThrow();
    expect(() => guardCallChain(['a', 'a'], limits)).not.toThrow();
  });

  it('checks depth first, then cycles, then frequency', () => {
    expect(() => guardCallChain(['a', 'b', 'a', 'b', 'a'], limits)).toThrow(CallDepthExceededError);
    expect(() => guardCallChain(['a', 'b', 'a'], limits)).toThrow(CircularCallError);
    expect(() => guardCallChain(['a', 'a', 'a'], limits)).toThrow(CallFrequencyExceededError);
  });

  it('sees a cycle only when the module occurred earlier with others after it', () => {
    expect(() => guardCallChain(['x', 'a', 'a'], limits)).not.toThrow();
    expect(() => guardCallChain(['a', 'x', 'x', 'a'], limits)).toThrow(CircularCallError);
  });

  it('stamps the trace id on its errors', () => {
    try {
      guardCallChain(['a', 'b', 'a'], { ...limits, traceId: 't' });
      expect.unreachable();
    } catch (error) {
      expect((error as CircularCallError).traceId).toBe('t');
    }
  });
});
