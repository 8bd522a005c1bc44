import { getEventListeners } from 'node:events';
import { defineModule, ExecutionCancelledError } from '@apcore-mcp/core';
import { MCP_CLIENT_CHANNEL_KEY } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { createExecutor } from './__fixtures__/executor-fixtures.js';
import { createWaiter } from './__fixtures__/waiting-modules.js';
import { Context } from './context.js';

describe('concurrent calls', () => {
  it('keep separate contexts', async () => {
    let arrivals = 0;
    let releaseAll!: () => void;
    const barrier = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    const executor = createExecutor({
      whoami: defineModule({
        description: 'w',
        inputSchema: {},
        execute: async (_inputs, context) => {
          arrivals += 1;
          if (arrivals === 2) releaseAll();
          await barrier;
          return {
            id: context.identity?.id,
            request: context.data.request,
            traceId: context.traceId,
            chain: [...context.callChain],
          };
        },
      }),
    });
    const [first, second] = await Promise.all([
      executor.call(
        'whoami',
        {},
        executor.createContext({
          moduleId: 'whoami',
          identity: { id: 'alice' },
          data: { request: 1 },
        }),
      ),
      executor.call(
        'whoami',
        {},
        executor.createContext({
          moduleId: 'whoami',
          identity: { id: 'bob' },
          data: { request: 2 },
        }),
      ),
    ]);
    expect(first).toMatchObject({ id: 'alice', request: 1, chain: ['whoami'] });
    expect(second).toMatchObject({ id: 'bob', request: 2, chain: ['whoami'] });
    expect(first?.traceId).not.toBe(second?.traceId);
  });

  it('time out independently', async () => {
    const executor = createExecutor(
      {
        hangs: defineModule({
          description: 'h',
          inputSchema: {},
          execute: () => new Promise(() => {}),
        }),
        quick: defineModule({ description: 'q', inputSchema: {}, execute: () => ({ ok: true }) }),
      },
      { defaultTimeoutMs: 25 },
    );
    const [hung, quick] = await Promise.allSettled([
      executor.call('hangs', {}),
      executor.call('quick', {}),
    ]);
    expect(hung.status).toBe('rejected');
    expect(quick).toEqual({ status: 'fulfilled', value: { ok: true } });
  });
});

describe('cancellation by several signals', () => {
  it('cancels with whichever signal aborts, leaving no listener behind', async () => {
    for (const which of [0, 1] as const) {
      const controllers = [new AbortController(), new AbortController()] as const;
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const seen: { signal?: AbortSignal; reason?: unknown; started?: () => void } = { started };
      const executor = createExecutor({ 'slow.job': createWaiter(seen) });
      const context = Context.create({
        executor,
        signal: controllers.map((controller) => controller.signal),
      });
      const call = executor.call('slow.job', {}, context);
      await running;
      const reason = new Error(`signal ${which}`);
      controllers[which].abort(reason);
      const error = await call.catch((caught: unknown) => caught);
      expect(ExecutionCancelledError.isInstance(error)).toBe(true);
      expect((error as ExecutionCancelledError).cause).toBe(reason);
      expect(seen.reason).toBe(reason);
      for (const controller of controllers) {
        expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      }
    }
  });

  it('never starts a module when one of the signals already aborted', async () => {
    let runs = 0;
    const executor = createExecutor({
      job: defineModule({
        description: 'j',
        inputSchema: {},
        execute: () => {
          runs += 1;
          return {};
        },
      }),
    });
    const aborted = new AbortController();
    aborted.abort('gone');
    const context = Context.create({
      executor,
      signal: [new AbortController().signal, aborted.signal],
    });
    await expect(executor.call('job', {}, context)).rejects.toMatchObject({
      code: 'EXECUTION_CANCELLED',
    });
    expect(runs).toBe(0);
  });

  it('cancels a call through the signal of the request it was made for', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const seen: { signal?: AbortSignal; reason?: unknown; started?: () => void } = { started };
    const executor = createExecutor({ 'slow.job': createWaiter(seen) });
    const request = new AbortController();
    const context = executor.createContext({ moduleId: 'slow.job', signal: request.signal });
    const call = executor.call('slow.job', {}, context);
    await running;
    request.abort('client cancelled');
    await expect(call).rejects.toMatchObject({ code: 'EXECUTION_CANCELLED' });
    expect(seen.reason).toBe('client cancelled');
  });
});

describe('calls that run as MCP tasks', () => {
  it('give a module without its own timeoutMs no default timeout: the task limits it', async () => {
    const executor = createExecutor(
      {
        slow: defineModule({
          description: 's',
          inputSchema: {},
          execute: () => new Promise((resolve) => setTimeout(() => resolve({ done: true }), 60)),
        }),
      },
      { defaultTimeoutMs: 20 },
    );
    const inTask = Context.create({
      executor,
      data: { [MCP_CLIENT_CHANNEL_KEY]: { inTask: true } },
    });
    expect(await executor.call('slow', {}, inTask)).toEqual({ done: true });
    await expect(executor.call('slow', {}, Context.create({ executor }))).rejects.toMatchObject({
      code: 'MODULE_TIMEOUT',
    });
  });
});
