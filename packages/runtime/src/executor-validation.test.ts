import { defineModule, ModuleNotFoundError, SchemaValidationError } from '@apcore-mcp/core';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExecutor, echo, rejectionOf } from './__fixtures__/executor-fixtures.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

describe('Executor validation', () => {
  afterEach(() => vi.restoreAllMocks());

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

    it("hands validate()'s callers a list of their own, even when nothing failed", () => {
      const executor = createExecutor({ person });
      const first = executor.validate('person', { name: 'a' });
      first.errors.push({ field: 'x', code: 'custom', message: 'added by the caller' });
      expect(executor.validate('person', { name: 'a' })).toEqual({ valid: true, errors: [] });
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
});
