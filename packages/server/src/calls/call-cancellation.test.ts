import { getEventListeners } from 'node:events';
import { defineModule } from '@apcore-mcp/core';
import type { ContextRequest, ExecutorLike } from '@apcore-mcp/core/bridge';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { createToolSource } from '../__fixtures__/tool-source.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import { CallCancellation } from './call-cancellation.js';
import { ExecutionRouter } from './execution-router.js';

const waitTool: McpTool = { name: 'job.wait', inputSchema: { type: 'object' } };
const quickTool: McpTool = { name: 'job.quick', inputSchema: { type: 'object' } };

/** A registry whose `job.wait` runs until its signal aborts (reporting when it started). */
function createRegistry(started: () => void): Registry {
  const registry = new Registry();
  registry.register(
    'job.wait',
    defineModule({
      description: 'waits for its signal',
      inputSchema: {},
      execute: (_inputs, context) =>
        new Promise((_resolve, reject) => {
          context.signal.addEventListener('abort', () => reject(context.signal.reason), {
            once: true,
          });
          started();
        }),
    }),
  );
  registry.register(
    'job.quick',
    defineModule({ description: 'answers at once', inputSchema: {}, execute: () => ({ ok: 1 }) }),
  );
  return registry;
}

function startWaiting(router: ExecutionRouter, signal: AbortSignal | undefined) {
  return router.handleCall('job.wait', {}, signal === undefined ? {} : { signal });
}

describe('CallCancellation', () => {
  it('aborts with whichever of the shutdown and request signals aborts first', () => {
    for (const which of [0, 1] as const) {
      const controllers = [new AbortController(), new AbortController()] as const;
      const cancellation = new CallCancellation(controllers.map((controller) => controller.signal));
      const joined = cancellation.signal;
      expect(cancellation.signal).toBe(joined);
      expect(joined.aborted).toBe(false);
      controllers[which].abort(`stop ${which}`);
      expect(joined.reason).toBe(`stop ${which}`);
    }
  });

  it('stops following the signals once closed', () => {
    const controllers = [new AbortController(), new AbortController()] as const;
    const cancellation = new CallCancellation(controllers.map((controller) => controller.signal));
    cancellation.close();
    for (const controller of controllers) {
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    }
    controllers[0].abort('after the call');
    expect(cancellation.signal.aborted).toBe(false);
  });

  it('is aborted from the start when one of the signals already was', () => {
    const aborted = new AbortController();
    aborted.abort('gone');
    const cancellation = new CallCancellation([new AbortController().signal, aborted.signal]);
    expect(cancellation.signal.reason).toBe('gone');
  });

  it('is the shutdown signal itself when the call has no signal of its own', () => {
    const shutdown = new AbortController();
    const cancellation = new CallCancellation(Object.freeze([shutdown.signal]));
    expect(cancellation.signal).toBe(shutdown.signal);
  });
});

describe('ExecutionRouter cancellation', () => {
  it('cancels a running call on abortAll(), with or without a request signal', async () => {
    for (const request of [new AbortController(), undefined]) {
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const router = new ExecutionRouter({
        executor: new Executor(createRegistry(started)),
        tools: createToolSource([waitTool]),
      });
      const call = startWaiting(router, request?.signal);
      await running;
      router.abortAll();
      expect(await call).toMatchObject({
        isError: true,
        _meta: { 'apcore/errorCode': 'EXECUTION_CANCELLED' },
      });
      if (request) expect(getEventListeners(request.signal, 'abort')).toHaveLength(0);
    }
  });

  it("cancels a running call when its request's signal aborts, and leaves no listener on it", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const router = new ExecutionRouter({
      executor: new Executor(createRegistry(started)),
      tools: createToolSource([waitTool, quickTool]),
    });
    const request = new AbortController();
    expect(await router.handleCall('job.quick', {}, { signal: request.signal })).toMatchObject({
      content: [{ type: 'text', text: '{"ok":1}' }],
    });
    const call = startWaiting(router, request.signal);
    await running;
    request.abort(new Error('client cancelled'));
    expect(await call).toMatchObject({
      isError: true,
      _meta: { 'apcore/errorCode': 'EXECUTION_CANCELLED' },
    });
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(0);
  });

  it('gives a context factory a signal that aborts with the request or with abortAll()', async () => {
    const signals: AbortSignal[] = [];
    let started!: () => void;
    let running = new Promise<void>((resolve) => {
      started = resolve;
    });
    // A foreign executor whose calls end when their signal aborts, answering with its reason.
    const executor: ExecutorLike = {
      registry: createRegistry(() => {}),
      call: (_moduleId, _inputs, context) => {
        const { signal } = context as { signal: AbortSignal };
        started();
        return new Promise((resolve) => {
          signal.addEventListener('abort', () => resolve({ reason: String(signal.reason) }));
        });
      },
    };
    const router = new ExecutionRouter({
      executor,
      tools: createToolSource([quickTool]),
      contextFactory: {
        createContext: (request: ContextRequest) => {
          signals.push(request.signal as AbortSignal);
          return { signal: request.signal };
        },
      },
    });
    const request = new AbortController();
    const withRequest = router.handleCall('job.quick', {}, { signal: request.signal });
    await running;
    running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const withoutRequest = router.handleCall('job.quick', {});
    await running;
    request.abort('client cancelled');
    expect(await withRequest).toMatchObject({
      content: [{ type: 'text', text: '{"reason":"client cancelled"}' }],
    });
    expect(signals[1]?.aborted).toBe(false);
    router.abortAll();
    expect(await withoutRequest).toMatchObject({
      content: [{ type: 'text', text: '{"reason":"Error: Server shut down"}' }],
    });
  });

  it("stops following the request's signal once the call has been answered", async () => {
    const signals: AbortSignal[] = [];
    const router = new ExecutionRouter({
      executor: { registry: createRegistry(() => {}), call: async () => ({ ok: true }) },
      tools: createToolSource([quickTool]),
      contextFactory: {
        createContext: (request: ContextRequest) => signals.push(request.signal as AbortSignal),
      },
    });
    const request = new AbortController();
    for (let index = 0; index < 3; index += 1) {
      await router.handleCall('job.quick', {}, { signal: request.signal });
    }
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(0);
    request.abort('too late');
    expect(signals.map((signal) => signal.aborted)).toEqual([false, false, false]);
  });
});
