import { defineModule, ModuleNotFoundError } from '@apcore-mcp/core';
import { describe, expect, it, vi } from 'vitest';
import { createExecutor, echo } from './__fixtures__/executor-fixtures.js';
import { Context } from './context.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

async function _rejectionOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await promise.then(
    () => expect.unreachable('the call should fail'),
    (caught: unknown) => caught,
  );
  return error as Record<string, unknown>;
}

describe('Executor', () => {
  describe('call', () => {
    const slow = defineModule({
      description: 'slow',
      inputSchema: {},
      execute: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { kind: 'async' };
      },
    });

    it('answers synchronous and asynchronous modules alike', async () => {
      const executor = createExecutor({ echo, slow });
      expect(await executor.call('echo', { a: 1 })).toEqual({ a: 1 });
      expect(await executor.call('slow')).toEqual({ kind: 'async' });
    });

    it('rejects with what failed: the lookup or the module', async () => {
      const failing = defineModule({
        description: 'f',
        inputSchema: {},
        execute: async () => {
          throw new Error('late failure');
        },
      });
      const executor = createExecutor({ failing });
      await expect(executor.call('missing')).rejects.toThrow(ModuleNotFoundError);
      await expect(executor.call('failing')).rejects.toThrow('late failure');
    });

    it('releases the call once it is over, so the caller signal keeps no listener', async () => {
      const controller = new AbortController();
      const listening = defineModule({
        description: 'l',
        inputSchema: {},
        execute: async (_inputs, context) => {
          context.signal.addEventListener('abort', () => {});
          return { ok: true };
        },
      });
      const executor = createExecutor({ listening, slow });
      const context = Context.create({ executor, signal: controller.signal });
      const added = vi.spyOn(controller.signal, 'addEventListener');
      const removed = vi.spyOn(controller.signal, 'removeEventListener');
      await executor.call('listening', {}, context);
      await executor.call('slow', {}, context);
      expect(added.mock.calls.length).toBeGreaterThan(0);
      expect(removed.mock.calls.length).toBe(added.mock.calls.length);
    });
  });

  describe('as a context factory', () => {
    it('builds top-level contexts carrying identity, data and signal', async () => {
      const executor = createExecutor({
        whoami: defineModule({
          description: 'w',
          inputSchema: {},
          execute: (_inputs, context) => ({ id: context.identity?.id, token: context.data.token }),
        }),
      });
      const controller = new AbortController();
      const context = executor.createContext({
        moduleId: 'whoami',
        identity: { id: 'alice' },
        data: { token: 't' },
        signal: controller.signal,
      });
      expect(context.callChain).toEqual([]);
      expect(context.executor).toBe(executor);
      expect(context.signal).toBe(controller.signal);
      expect(await executor.call('whoami', {}, context)).toEqual({ id: 'alice', token: 't' });
    });

    it('fills in the executor for a context created without one', async () => {
      const executor = createExecutor({
        nested: defineModule({
          description: 'n',
          inputSchema: {},
          execute: (_inputs, context) => ({ same: context.executor === executor }),
        }),
      });
      expect(await executor.call('nested', {}, Context.create())).toEqual({ same: true });
    });
  });

  it('refuses nonsensical limits', () => {
    const registry = new Registry();
    expect(() => new Executor(registry, { maxCallDepth: 0 })).toThrow(RangeError);
    expect(() => new Executor(registry, { maxModuleRepeat: 0 })).toThrow(/maxModuleRepeat/);
    expect(() => new Executor(registry, { defaultTimeoutMs: -5 })).toThrow(/defaultTimeoutMs/);
    expect(() => new Executor(registry, { defaultTimeoutMs: Number.NaN })).toThrow(RangeError);
  });
});
