import {
  ApprovalDeniedError,
  defineModule,
  InvalidInputError,
  type ModuleContext,
  ModuleNotFoundError,
} from '@apcore-mcp/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExecutor, echo, rejectionOf } from './__fixtures__/executor-fixtures.js';
import { ACL } from './acl.js';
import { Context } from './context.js';

describe('Executor.call', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs sync and async modules', async () => {
    const executor = createExecutor({
      sync: defineModule({ description: 's', inputSchema: {}, execute: () => ({ kind: 'sync' }) }),
      async: defineModule({
        description: 'a',
        inputSchema: {},
        execute: async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          return { kind: 'async' };
        },
      }),
    });
    expect(await executor.call('sync', {})).toEqual({ kind: 'sync' });
    expect(await executor.call('async', {})).toEqual({ kind: 'async' });
  });

  it('calls with empty inputs when none are given', async () => {
    const executor = createExecutor({ echo });
    expect(await executor.call('echo')).toEqual({});
  });

  it('hands the module a context for its own call', async () => {
    let seen: ModuleContext | undefined;
    const executor = createExecutor({
      'people.greet': defineModule({
        description: 'g',
        inputSchema: {},
        execute: (_inputs, context) => {
          seen = context;
          return {};
        },
      }),
    });
    await executor.call('people.greet', {});
    expect(seen?.callChain).toEqual(['people.greet']);
    expect(seen?.callerId).toBeNull();
    expect(seen?.executor).toBe(executor);
    expect(seen?.signal.aborted).toBe(false);
  });

  it('raises ModuleNotFoundError with the id and the trace id', async () => {
    const executor = createExecutor({});
    const context = Context.create({ traceId: 'trace-404' });
    const error = await rejectionOf(executor.call('nope.missing', {}, context));
    expect(ModuleNotFoundError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'MODULE_NOT_FOUND',
      message: 'Module not found: nope.missing',
      details: { moduleId: 'nope.missing' },
      traceId: 'trace-404',
    });
  });

  it('lets an unexpected module exception reach the caller as itself', async () => {
    const failure = new TypeError('cannot read x of undefined');
    const executor = createExecutor({
      broken: defineModule({
        description: 'b',
        inputSchema: {},
        execute: () => {
          throw failure;
        },
      }),
      rejects: defineModule({
        description: 'r',
        inputSchema: {},
        execute: () => Promise.reject(failure),
      }),
    });
    expect(await rejectionOf(executor.call('broken', {}))).toBe(failure);
    expect(await rejectionOf(executor.call('rejects', {}))).toBe(failure);
  });

  it('passes a module error thrown by the module unchanged', async () => {
    const executor = createExecutor({
      picky: defineModule({
        description: 'p',
        inputSchema: {},
        execute: () => {
          throw new InvalidInputError('start must not be after end');
        },
      }),
    });
    const error = await rejectionOf(executor.call('picky', {}));
    expect(error).toMatchObject({
      code: 'GENERAL_INVALID_INPUT',
      message: 'start must not be after end',
    });
  });

  it('treats a module returning nothing as an empty output', async () => {
    const executor = createExecutor({
      quiet: { description: 'q', inputSchema: {}, execute: () => undefined },
    });
    expect(await executor.call('quiet', {})).toEqual({});
  });

  it('refuses a module output that is neither an object nor content', async () => {
    const executor = createExecutor({
      count: { description: 'c', inputSchema: {}, execute: () => 3 },
      list: { description: 'l', inputSchema: {}, execute: () => [1] },
    });
    expect(await rejectionOf(executor.call('count', {}))).toMatchObject({
      code: 'MODULE_EXECUTE_ERROR',
      message:
        'Module count returned a number; a module must return an object, a string or content (text(), image(), ...)',
    });
    expect(await rejectionOf(executor.call('list', {}))).toMatchObject({
      message: expect.stringContaining('returned an array'),
    });
  });

  describe('ACL', () => {
    const acl = ACL.fromObject({
      rules: [
        { callers: ['@external'], targets: ['public.*'], effect: 'allow' },
        { callers: ['public.*'], targets: ['internal.*'], effect: 'allow' },
      ],
    });

    it('denies a top-level call as @external', async () => {
      const executor = createExecutor({ 'internal.secret': echo }, { acl });
      const error = await rejectionOf(executor.call('internal.secret', {}));
      expect(error).toMatchObject({
        code: 'ACL_DENIED',
        details: { callerId: '@external', targetId: 'internal.secret' },
      });
    });

    it('allows what a rule allows, and judges nested calls by the calling module', async () => {
      const executor = createExecutor(
        {
          'internal.secret': defineModule({
            description: 's',
            inputSchema: {},
            execute: () => ({ secret: 42 }),
          }),
          'public.entry': defineModule({
            description: 'e',
            inputSchema: {},
            execute: (_inputs, context) => context.executor.call('internal.secret', {}, context),
          }),
        },
        { acl },
      );
      expect(await executor.call('public.entry', {})).toEqual({ secret: 42 });
    });

    it('runs the ACL after lookup: an unknown module is not found, not denied', async () => {
      const executor = createExecutor({}, { acl });
      expect(await rejectionOf(executor.call('internal.none', {}))).toMatchObject({
        code: 'MODULE_NOT_FOUND',
      });
    });

    it('checks the ACL before validating inputs', async () => {
      const strict = defineModule({
        description: 's',
        inputSchema: { type: 'object', required: ['x'] },
        execute: () => ({}),
      });
      const executor = createExecutor({ 'internal.strict': strict }, { acl });
      expect(await rejectionOf(executor.call('internal.strict', {}))).toMatchObject({
        code: 'ACL_DENIED',
      });
    });
  });

  describe('approval', () => {
    const dangerous = defineModule({
      description: 'd',
      inputSchema: { type: 'object' },
      annotations: { requiresApproval: true, destructive: true },
      execute: () => ({ done: true }),
    });

    it('asks the handler for modules that require approval and runs approved ones', async () => {
      const requestApproval = vi.fn(() => ({ status: 'approved' as const }));
      const executor = createExecutor(
        { 'files.delete': dangerous, echo },
        { approvalHandler: { requestApproval } },
      );
      expect(await executor.call('files.delete', { path: '/tmp/x' })).toEqual({ done: true });
      await executor.call('echo', {});
      expect(requestApproval).toHaveBeenCalledTimes(1);
      expect(requestApproval).toHaveBeenCalledWith(
        expect.objectContaining({
          moduleId: 'files.delete',
          inputs: { path: '/tmp/x' },
          annotations: expect.objectContaining({ requiresApproval: true, destructive: true }),
        }),
      );
    });

    it('raises ApprovalDeniedError with the reason when rejected', async () => {
      const executor = createExecutor(
        { 'files.delete': dangerous },
        {
          approvalHandler: {
            requestApproval: async () => ({ status: 'rejected', reason: 'declined' }),
          },
        },
      );
      const error = await rejectionOf(executor.call('files.delete', {}));
      expect(ApprovalDeniedError.isInstance(error)).toBe(true);
      expect(error.details).toEqual({ moduleId: 'files.delete', reason: 'declined' });
    });

    it('runs such modules unasked when there is no handler', async () => {
      expect(await createExecutor({ 'files.delete': dangerous }).call('files.delete', {})).toEqual({
        done: true,
      });
    });
  });
});
