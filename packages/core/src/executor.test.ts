import { Ajv } from 'ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACL } from './acl.js';
import { Context } from './context.js';
import { defineModule } from './define-module.js';
import { ApprovalDeniedError } from './errors/approval-denied-error.js';
import { InvalidInputError } from './errors/invalid-input-error.js';
import { ModuleNotFoundError } from './errors/module-not-found-error.js';
import { SchemaValidationError } from './errors/schema-validation-error.js';
import { Executor } from './executor.js';
import type { ModuleLike } from './module-like.js';
import { Registry } from './registry.js';

function createExecutor(modules: Record<string, ModuleLike>, options = {}): Executor {
  const registry = new Registry();
  for (const [moduleId, module] of Object.entries(modules)) registry.register(moduleId, module);
  return new Executor(registry, options);
}

const echo = defineModule({
  description: 'Echo',
  inputSchema: { type: 'object' },
  execute: (inputs) => ({ ...inputs }),
});

async function rejectionOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await promise.then(
    () => expect.unreachable('the call should fail'),
    (caught: unknown) => caught,
  );
  return error as Record<string, unknown>;
}

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
    let seen: Context | undefined;
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

  it('refuses a module output that is not an object', async () => {
    const executor = createExecutor({
      text: { description: 't', inputSchema: {}, execute: () => 'hello' },
      list: { description: 'l', inputSchema: {}, execute: () => [1] },
    });
    expect(await rejectionOf(executor.call('text', {}))).toMatchObject({
      code: 'MODULE_EXECUTE_ERROR',
      message: 'Module text returned a string; a module must return an object',
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

  describe('input validation', () => {
    const person = defineModule({
      description: 'Person',
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1 },
          age: { type: 'integer', minimum: 0 },
          email: { type: 'string', format: 'email' },
          address: {
            type: 'object',
            properties: { city: { type: 'string' }, zip: { type: 'string' } },
            required: ['city'],
          },
          items: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
        },
        required: ['name'],
        additionalProperties: false,
      },
      execute: (inputs) => ({ ok: true, keys: Object.keys(inputs) }),
    });

    it('accepts valid inputs', async () => {
      const executor = createExecutor({ person });
      expect(
        await executor.call('person', { name: 'Ada', age: 36, email: 'ada@example.com' }),
      ).toEqual({
        ok: true,
        keys: ['name', 'age', 'email'],
      });
    });

    it('names each failing field once, as a dotted path with the keyword as code', async () => {
      const executor = createExecutor({ person });
      const error = await rejectionOf(
        executor.call('person', {
          age: -1,
          email: 'not-an-email',
          address: { zip: 12 },
          items: [{ name: 'a' }, { name: 3 }, {}],
          extra: true,
        }),
      );
      expect(SchemaValidationError.isInstance(error)).toBe(true);
      expect(error.message).toBe('Input validation failed');
      const errors = (error.details as { errors: unknown[] }).errors;
      expect(errors).toEqual(
        expect.arrayContaining([
          { field: 'name', code: 'required', message: 'is required' },
          { field: 'extra', code: 'additionalProperties', message: 'is not allowed' },
          { field: 'age', code: 'minimum', message: 'must be >= 0' },
          { field: 'email', code: 'format', message: 'must match format "email"' },
          { field: 'address.city', code: 'required', message: 'is required' },
          { field: 'address.zip', code: 'type', message: 'must be string' },
          { field: 'items.1.name', code: 'type', message: 'must be string' },
          { field: 'items.2.name', code: 'required', message: 'is required' },
        ]),
      );
      expect(errors).toHaveLength(8);
    });

    it('refuses inputs that are not an object', async () => {
      const executor = createExecutor({ echo });
      const error = await rejectionOf(
        executor.call('echo', [1, 2] as unknown as Record<string, unknown>),
      );
      expect(error.details).toEqual({
        errors: [{ field: '(root)', code: 'type', message: 'must be object' }],
      });
    });

    it('never runs the module with invalid inputs', async () => {
      const execute = vi.fn(() => ({}));
      const executor = createExecutor({
        guarded: { description: 'g', inputSchema: { type: 'object', required: ['a'] }, execute },
      });
      await rejectionOf(executor.call('guarded', {}));
      expect(execute).not.toHaveBeenCalled();
    });

    it('does not crash on unknown formats or keywords', async () => {
      const executor = createExecutor({
        odd: {
          description: 'o',
          inputSchema: {
            type: 'object',
            properties: { a: { type: 'string', format: 'made-up-format', 'x-widget': 'slider' } },
          },
          execute: () => ({ fine: true }),
        },
      });
      expect(await executor.call('odd', { a: 'anything' })).toEqual({ fine: true });
    });

    it('understands draft 2020-12 schemas with $defs and $ref', async () => {
      const executor = createExecutor({
        modern: {
          description: 'm',
          inputSchema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            $defs: {
              point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
            },
            properties: {
              origin: { $ref: '#/$defs/point' },
              tuple: { prefixItems: [{ type: 'string' }] },
            },
          },
          execute: () => ({}),
        },
      });
      expect(await executor.call('modern', { origin: { x: 1 }, tuple: ['a'] })).toEqual({});
      const error = await rejectionOf(executor.call('modern', { origin: {}, tuple: [1] }));
      expect(error.details).toEqual({
        errors: [
          { field: 'origin.x', code: 'required', message: 'is required' },
          { field: 'tuple.0', code: 'type', message: 'must be string' },
        ],
      });
    });

    it('never changes the module schema, even one with $defs', async () => {
      const inputSchema = {
        type: 'object',
        $defs: { name: { type: 'string', default: 'x' } },
        properties: { name: { $ref: '#/$defs/name' } },
      };
      const snapshot = structuredClone(inputSchema);
      const executor = createExecutor({
        plain: { description: 'p', inputSchema, execute: () => ({}) },
      });
      await executor.call('plain', { name: 'a' });
      await rejectionOf(executor.call('plain', { name: 1 }));
      expect(inputSchema).toEqual(snapshot);
    });

    it('compiles each module schema once and reuses it', async () => {
      const compile = vi.spyOn(Ajv.prototype, 'compile');
      const executor = createExecutor({ person });
      await executor.call('person', { name: 'a' });
      await executor.call('person', { name: 'b' });
      await rejectionOf(executor.call('person', {}));
      expect(compile).toHaveBeenCalledTimes(1);
    });

    it('recompiles after the module is replaced under the same id', async () => {
      const registry = new Registry();
      const executor = new Executor(registry);
      registry.register('swap', {
        description: 'v1',
        inputSchema: { type: 'object', required: ['a'] },
        execute: () => ({}),
      });
      await rejectionOf(executor.call('swap', { b: 1 }));
      registry.unregister('swap');
      registry.register('swap', {
        description: 'v2',
        inputSchema: { type: 'object', required: ['b'] },
        execute: () => ({}),
      });
      expect(await executor.call('swap', { b: 1 })).toEqual({});
    });

    it('reports a schema ajv cannot compile as a module fault', async () => {
      const executor = createExecutor({
        bad: {
          description: 'b',
          inputSchema: { type: 'object', properties: { a: { $ref: '#/nowhere' } } },
          execute: () => ({}),
        },
      });
      expect(await rejectionOf(executor.call('bad', {}))).toMatchObject({
        code: 'MODULE_EXECUTE_ERROR',
        message: expect.stringContaining('Module bad has an invalid inputSchema'),
      });
    });

    it('is available without running the module through validate()', () => {
      const executor = createExecutor({ person });
      expect(executor.validate('person', { name: 'a' })).toEqual({ valid: true, errors: [] });
      expect(executor.validate('person', {})).toEqual({
        valid: false,
        errors: [{ field: 'name', code: 'required', message: 'is required' }],
      });
      expect(() => executor.validate('nope', {})).toThrow(ModuleNotFoundError);
    });
  });

  describe('output validation', () => {
    it('refuses an output that breaks the output schema', async () => {
      const executor = createExecutor({
        liar: defineModule({
          description: 'l',
          inputSchema: {},
          outputSchema: {
            type: 'object',
            properties: { count: { type: 'integer' } },
            required: ['count'],
          },
          execute: () => ({ count: 'many' }),
        }),
      });
      const error = await rejectionOf(executor.call('liar', {}));
      expect(error).toMatchObject({
        code: 'SCHEMA_VALIDATION_ERROR',
        message: 'Output validation failed for module liar',
        details: { errors: [{ field: 'count', code: 'type', message: 'must be integer' }] },
      });
    });

    it('skips an empty output schema', async () => {
      const executor = createExecutor({
        free: defineModule({
          description: 'f',
          inputSchema: {},
          outputSchema: {},
          execute: () => ({ any: 1 }),
        }),
      });
      expect(await executor.call('free', {})).toEqual({ any: 1 });
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
