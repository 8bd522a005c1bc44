import { getEventListeners } from 'node:events';
import {
  defineModule,
  ExecutionCancelledError,
  type ModuleLike,
  ModuleTimeoutError,
} from '@apcore-mcp/core';
import { describe, expect, it, vi } from 'vitest';
import { Context } from './context.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

function createExecutor(modules: Record<string, ModuleLike>, defaultTimeoutMs = 30_000): Executor {
  const registry = new Registry();
  for (const [moduleId, module] of Object.entries(modules)) registry.register(moduleId, module);
  return new Executor(registry, { defaultTimeoutMs });
}

/** Resolves when `signal` aborts (never otherwise). */
function whenAborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}

/** A module that waits for its signal and records what it saw. */
function createWaiter(
  seen: { signal?: AbortSignal; reason?: unknown; started?: () => void },
  timeoutMs?: number,
) {
  return defineModule({
    description: 'waits for its signal',
    inputSchema: {},
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    execute: async (_inputs, context) => {
      seen.signal = context.signal;
      seen.started?.();
      seen.reason = await whenAborted(context.signal);
      return { finished: true };
    },
  });
}

describe('timeouts', () => {
  it('abort the signal and raise ModuleTimeoutError with the timeout', async () => {
    const seen: { signal?: AbortSignal; reason?: unknown } = {};
    const executor = createExecutor({ 'slow.job': createWaiter(seen) }, 20);
    const error = await executor.call('slow.job', {}).catch((caught: unknown) => caught);
    expect(ModuleTimeoutError.isInstance(error)).toBe(true);
    expect((error as ModuleTimeoutError).details).toEqual({ moduleId: 'slow.job', timeoutMs: 20 });
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.signal?.reason).toBe(error);
  });

  it('do not wait for a module that ignores its signal', async () => {
    const executor = createExecutor(
      {
        stubborn: defineModule({
          description: 's',
          inputSchema: {},
          execute: () => new Promise(() => {}),
        }),
      },
      20,
    );
    await expect(executor.call('stubborn', {})).rejects.toMatchObject({ code: 'MODULE_TIMEOUT' });
  });

  it("use the module's own timeoutMs over the default", async () => {
    const executor = createExecutor({ quick: createWaiter({}, 15) }, 60_000);
    await expect(executor.call('quick', {})).rejects.toMatchObject({ details: { timeoutMs: 15 } });
  });

  it('are off when the timeout is 0', async () => {
    const executor = createExecutor(
      {
        patient: defineModule({
          description: 'p',
          inputSchema: {},
          execute: async () => {
            await new Promise((resolve) => setTimeout(resolve, 30));
            return { done: true };
          },
        }),
      },
      0,
    );
    expect(await executor.call('patient', {})).toEqual({ done: true });
  });

  it('leave the signal alone when the module finishes in time', async () => {
    let signal: AbortSignal | undefined;
    const executor = createExecutor({
      fast: defineModule({
        description: 'f',
        inputSchema: {},
        execute: (_inputs, context) => {
          signal = context.signal;
          return {};
        },
      }),
    });
    await executor.call('fast', {});
    expect(signal?.aborted).toBe(false);
  });
});

describe('cancellation', () => {
  it("aborts the module's signal and rejects with ExecutionCancelledError", async () => {
    const controller = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const seen: { signal?: AbortSignal; reason?: unknown; started?: () => void } = { started };
    const executor = createExecutor({ 'slow.job': createWaiter(seen) });
    const call = executor.call('slow.job', {}, Context.create({ signal: controller.signal }));
    await running;
    const reason = new Error('client went away');
    controller.abort(reason);
    const error = await call.catch((caught: unknown) => caught);
    expect(ExecutionCancelledError.isInstance(error)).toBe(true);
    expect((error as ExecutionCancelledError).details).toEqual({ moduleId: 'slow.job' });
    expect((error as ExecutionCancelledError).cause).toBe(reason);
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.reason).toBe(reason);
  });

  it('never starts a module whose caller already cancelled', async () => {
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
    const controller = new AbortController();
    controller.abort();
    await expect(
      executor.call('job', {}, Context.create({ signal: controller.signal })),
    ).rejects.toMatchObject({
      code: 'EXECUTION_CANCELLED',
    });
    expect(runs).toBe(0);
  });

  it('reports a call cancelled while a synchronous module ran, though it finished', async () => {
    const controller = new AbortController();
    const executor = createExecutor({
      job: defineModule({
        description: 'j',
        inputSchema: {},
        execute: () => {
          controller.abort(new Error('changed my mind'));
          return { done: true };
        },
      }),
    });
    await expect(
      executor.call('job', {}, Context.create({ signal: controller.signal })),
    ).rejects.toMatchObject({ code: 'EXECUTION_CANCELLED' });
  });

  it('answers a synchronous module at once and leaves no timer or listener behind', async () => {
    const controller = new AbortController();
    let signal: AbortSignal | undefined;
    const executor = createExecutor({
      job: defineModule({
        description: 'j',
        inputSchema: {},
        execute: (_inputs, context) => {
          signal = context.signal;
          return { done: true };
        },
      }),
    });
    await expect(
      executor.call('job', {}, Context.create({ signal: controller.signal })),
    ).resolves.toEqual({ done: true });
    expect(signal?.aborted).toBe(false);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('leaves no listener on the caller when a module reads its signal after the call', async () => {
    const controller = new AbortController();
    let readLater: (() => AbortSignal) | undefined;
    const executor = createExecutor({
      job: defineModule({
        description: 'j',
        inputSchema: {},
        execute: (_inputs, context) => {
          readLater = () => context.signal;
          return {};
        },
      }),
    });
    await executor.call('job', {}, Context.create({ signal: controller.signal }));
    expect(readLater?.().aborted).toBe(false);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('reaches nested calls through their linked signals', async () => {
    const controller = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const inner: { signal?: AbortSignal; reason?: unknown; started?: () => void } = { started };
    const registry = new Registry();
    registry.register('inner', createWaiter(inner));
    registry.register(
      'outer',
      defineModule({
        description: 'o',
        inputSchema: {},
        execute: (_i, context) => context.executor.call('inner', {}, context),
      }),
    );
    const executor = new Executor(registry);
    const call = executor.call('outer', {}, Context.create({ signal: controller.signal }));
    await running;
    controller.abort(new Error('stop'));
    await expect(call).rejects.toMatchObject({ code: 'EXECUTION_CANCELLED' });
    expect(inner.signal?.aborted).toBe(true);
  });

  it("removes its listener from the caller's signal when the call ends", async () => {
    const controller = new AbortController();
    const executor = createExecutor({
      quick: defineModule({ description: 'q', inputSchema: {}, execute: () => ({}) }),
      failing: defineModule({
        description: 'f',
        inputSchema: { type: 'object', required: ['x'] },
        execute: () => ({}),
      }),
    });
    const context = Context.create({ signal: controller.signal });
    for (let index = 0; index < 5; index += 1) {
      await executor.call('quick', {}, context);
      await executor.call('failing', {}, context).catch(() => undefined);
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

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
      25,
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
  it('cancels with whichever signal aborts, without ever joining them', async () => {
    const join = vi.spyOn(AbortSignal, 'any');
    try {
      for (const which of [0, 1] as const) {
        const controllers = [new AbortController(), new AbortController()] as const;
        let started!: () => void;
        const running = new Promise<void>((resolve) => {
          started = resolve;
        });
        const seen: { signal?: AbortSignal; reason?: unknown; started?: () => void } = { started };
        const executor = createExecutor({ 'slow.job': createWaiter(seen) });
        const context = executor.createContext({
          moduleId: 'slow.job',
          signals: controllers.map((controller) => controller.signal),
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
      expect(join).not.toHaveBeenCalled();
    } finally {
      join.mockRestore();
    }
  });

  it('never starts a module when one of the signals already aborted', async () => {
    const executor = createExecutor({
      job: defineModule({ description: 'j', inputSchema: {}, execute: () => ({}) }),
    });
    const aborted = new AbortController();
    aborted.abort('gone');
    const context = executor.createContext({
      moduleId: 'job',
      signals: [new AbortController().signal, aborted.signal],
    });
    await expect(executor.call('job', {}, context)).rejects.toMatchObject({
      code: 'EXECUTION_CANCELLED',
    });
  });

  it('follows the separate signals of a request rather than reading its joined one', async () => {
    const executor = createExecutor({
      job: defineModule({ description: 'j', inputSchema: {}, execute: () => ({ ok: true }) }),
    });
    let joinedReads = 0;
    const request = new AbortController();
    const context = executor.createContext({
      moduleId: 'job',
      get signal() {
        joinedReads += 1;
        return request.signal;
      },
      signals: [request.signal],
    });
    await expect(executor.call('job', {}, context)).resolves.toEqual({ ok: true });
    expect(joinedReads).toBe(0);
  });
});
