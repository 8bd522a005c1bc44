import { describe, expect, it } from 'vitest';
import { DEFAULT_ANNOTATIONS } from './contract.js';
import { defineModule } from './define-module.js';
import { InvalidModuleIdError } from './errors/registry-errors.js';

const inputSchema = { type: 'object', properties: { name: { type: 'string' } } };

describe('defineModule', () => {
  it('returns a frozen module with defaults filled', () => {
    const module = defineModule({ description: 'Greet', inputSchema, execute: () => ({}) });
    expect(Object.isFrozen(module)).toBe(true);
    expect(module).toMatchObject({
      description: 'Greet',
      inputSchema,
      version: '1.0.0',
      tags: [],
      annotations: DEFAULT_ANNOTATIONS,
      examples: [],
      metadata: {},
    });
    expect(module.name).toBeUndefined();
    expect(module.outputSchema).toBeUndefined();
  });

  it('keeps every declared field', () => {
    const execute = () => ({ ok: true });
    const module = defineModule({
      moduleId: 'people.greet',
      name: 'Greeter',
      description: 'Greet',
      documentation: '# Greet',
      inputSchema,
      outputSchema: { type: 'object' },
      tags: ['people'],
      version: '2.1.0',
      annotations: { readonly: true },
      examples: [{ title: 'Ada', inputs: { name: 'Ada' }, output: { ok: true } }],
      metadata: { owner: 'team' },
      timeoutMs: 500,
      execute,
    });
    expect(module).toMatchObject({
      moduleId: 'people.greet',
      name: 'Greeter',
      documentation: '# Greet',
      outputSchema: { type: 'object' },
      tags: ['people'],
      version: '2.1.0',
      annotations: { ...DEFAULT_ANNOTATIONS, readonly: true },
      examples: [{ title: 'Ada', inputs: { name: 'Ada' }, output: { ok: true } }],
      metadata: { owner: 'team' },
      timeoutMs: 500,
    });
    expect(module.execute).toBe(execute);
  });

  it('copies schemas, so later edits to the passed objects never reach the module', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const module = defineModule({ description: 'x', inputSchema: schema, execute: () => ({}) });
    (schema.properties.a as Record<string, unknown>).type = 'number';
    expect(module.inputSchema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(Object.isFrozen(module.inputSchema.properties)).toBe(true);
  });

  it('accepts a stream-only module', () => {
    const module = defineModule({
      description: 'Count',
      inputSchema: {},
      async *stream() {
        yield { count: 1 };
      },
    });
    expect(typeof module.stream).toBe('function');
    expect(module.execute).toBeUndefined();
  });

  it.each([
    [
      { description: '', inputSchema: {}, execute: () => ({}) },
      /description must be a non-empty string/,
    ],
    [{ description: '   ', inputSchema: {}, execute: () => ({}) }, /description/],
    [
      { description: 'x', inputSchema: null, execute: () => ({}) },
      /inputSchema must be a JSON Schema object/,
    ],
    [{ description: 'x', inputSchema: [], execute: () => ({}) }, /inputSchema/],
    [{ description: 'x', inputSchema: {} }, /needs an execute or a stream function/],
    [{ description: 'x', inputSchema: {}, execute: 'no' }, /execute must be a function/],
    [
      { description: 'x', inputSchema: {}, outputSchema: 'no', execute: () => ({}) },
      /outputSchema/,
    ],
    [{ description: 'x', inputSchema: {}, tags: ['a', 1], execute: () => ({}) }, /tags/],
    [{ description: 'x', inputSchema: {}, timeoutMs: -1, execute: () => ({}) }, /timeoutMs/],
    [{ description: 'x', inputSchema: {}, version: '', execute: () => ({}) }, /version/],
  ])('rejects a bad definition with a clear TypeError (%#)', (definition, message) => {
    expect(() => defineModule(definition as never)).toThrow(TypeError);
    expect(() => defineModule(definition as never)).toThrow(message);
  });

  it('rejects a non-object definition', () => {
    expect(() => defineModule(undefined as never)).toThrow(/expects a definition object/);
  });

  it('rejects an invalid own module id', () => {
    expect(() =>
      defineModule({ moduleId: 'Bad-Id', description: 'x', inputSchema: {}, execute: () => ({}) }),
    ).toThrow(InvalidModuleIdError);
  });
});
