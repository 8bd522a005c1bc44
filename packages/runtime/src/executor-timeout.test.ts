import { getEventListeners } from 'node:events';
import { defineModule, ExecutionCancelledError, ModuleTimeoutError } from '@apcore-mcp/core';
import { MCP_CLIENT_CHANNEL_KEY } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { createExecutor } from './__fixtures__/executor-fixtures.js';
import { createWaiter } from './__fixtures__/waiting-modules.js';
import { Context } from './context.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

describe('timeouts', () => {
  it('abort the signal and raise ModuleTimeoutError with the timeout', async () => {
    const seen: { signal?: AbortSignal; reason?: unknown } = {};
    const executor = createExecutor({ 'slow.job': createWaiter(seen) }, { defaultTimeoutMs: 20 });
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
      { defaultTimeoutMs: 20 },
    );
    await expect(executor.call('stubborn', {})).rejects.toMatchObject({ code: 'MODULE_TIMEOUT' });
  });

  it("use the module's own timeoutMs over the default", async () => {
    const executor = createExecutor({ quick: createWaiter({}, 15) }, { defaultTimeoutMs: 60_000 });
    await expect(executor.call('quick', {})).rejects.toMatchObject({ details: { timeoutMs: 15 } });
  });

  it("use an MCP server's call timeout over the default, and the module's own over both", async () => {
    const executor = createExecutor(
      { slow: createWaiter({}), quick: createWaiter({}, 15) },
      { defaultTimeoutMs: 60_000 },
    );
    const context = () =>
      executor.createContext({
        moduleId: 'slow',
        data: { [MCP_CLIENT_CHANNEL_KEY]: { callTimeoutMs: 20 } },
      });
    await expect(executor.call('slow', {}, context())).rejects.toMatchObject({
      details: { timeoutMs: 20 },
    });
    await expect(executor.call('quick', {}, context())).rejects.toMatchObject({
      details: { timeoutMs: 15 },
    });
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
      { defaultTimeoutMs: 0 },
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

/** How many timers would keep the process alive right now. */
function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
}

describe('a call that ended', () => {
  it('leaves no timer behind, however far off its time limit was', async () => {
    let timersWhileRunning = 0;
    const executor = createExecutor(
      {
        job: defineModule({
          description: 'j',
          inputSchema: {},
          execute: async () => {
            await Promise.resolve();
            timersWhileRunning = activeTimers();
            return { done: true };
          },
        }),
        'stream.job': defineModule({
          description: 's',
          inputSchema: {},
          stream: async function* () {
            timersWhileRunning = activeTimers();
            yield { part: 1 };
          },
        }),
      },
      { defaultTimeoutMs: 3_600_000 },
    );
    const before = activeTimers();
    await executor.call('job', {});
    expect(timersWhileRunning).toBe(before + 1);
    expect(activeTimers()).toBe(before);
    for await (const _chunk of executor.stream('stream.job', {})) {
      // read to the end
    }
    expect(timersWhileRunning).toBe(before + 1);
    expect(activeTimers()).toBe(before);
    await executor
      .call('job', {}, Context.create({ signal: AbortSignal.abort('gone') }))
      .catch(() => undefined);
    expect(activeTimers()).toBe(before);
  });

  it("is no longer cancelled by its caller, though its module kept the call's signal", async () => {
    const caller = new AbortController();
    let kept: AbortSignal | undefined;
    const executor = createExecutor({
      job: defineModule({
        description: 'j',
        inputSchema: {},
        execute: async (_inputs, context) => {
          kept = context.signal;
          return {};
        },
      }),
    });
    const context = Context.create({ signal: caller.signal });
    for (let index = 0; index < 3; index += 1) await executor.call('job', {}, context);
    caller.abort(new Error('shutting down'));
    expect(kept?.aborted).toBe(false);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
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
