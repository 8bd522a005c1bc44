import { DuplicateModuleIdError, defineModule, InvalidModuleIdError } from '@apcore-mcp/core';
import { DEFAULT_ANNOTATIONS, type ModuleLike } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { Registry } from './registry.js';

function createModule(tags: string[] = []): ModuleLike {
  return defineModule({
    description: 'A module',
    inputSchema: { type: 'object' },
    tags,
    execute: () => ({}),
  });
}

describe('Registry', () => {
  it('registers, finds, counts and unregisters modules', () => {
    const registry = new Registry();
    const module = createModule();
    registry.register('image.resize', module);
    expect(registry.get('image.resize')).toBe(module);
    expect(registry.has('image.resize')).toBe(true);
    expect(registry.count).toBe(1);
    expect(registry.unregister('image.resize')).toBe(true);
    expect(registry.unregister('image.resize')).toBe(false);
    expect(registry.get('image.resize')).toBeNull();
    expect(registry.has('image.resize')).toBe(false);
    expect(registry.count).toBe(0);
  });

  it('rejects invalid ids with INVALID_MODULE_ID and keeps nothing', () => {
    const registry = new Registry();
    expect(() => registry.register('Image.Resize', createModule())).toThrow(InvalidModuleIdError);
    expect(() => registry.register('x'.repeat(193), createModule())).toThrow(
      expect.objectContaining({ code: 'INVALID_MODULE_ID' }),
    );
    expect(registry.count).toBe(0);
  });

  it('rejects a duplicate id with DUPLICATE_MODULE_ID and keeps the first module', () => {
    const registry = new Registry();
    const first = createModule();
    registry.register('a', first);
    expect(() => registry.register('a', createModule())).toThrow(DuplicateModuleIdError);
    expect(registry.get('a')).toBe(first);
  });

  it('rejects objects that are not modules, saying what is missing', () => {
    const registry = new Registry();
    expect(() =>
      registry.register('a', { description: 'x', inputSchema: {} } as ModuleLike),
    ).toThrow(/needs an execute or a stream function/);
    expect(() =>
      registry.register('a', { description: '', inputSchema: {}, execute: () => ({}) }),
    ).toThrow(/description/);
    expect(() => registry.register('a', null as unknown as ModuleLike)).toThrow(TypeError);
  });

  it('accepts class instances of other runtimes', () => {
    class ResizeModule {
      readonly description = 'Resize';
      readonly inputSchema = { type: 'object' };
      readonly annotations = { readonly: true, open_world: false };
      execute(): Record<string, unknown> {
        return {};
      }
    }
    const registry = new Registry();
    registry.register('image.resize', new ResizeModule());
    expect(registry.getDefinition('image.resize')?.annotations).toEqual({
      ...DEFAULT_ANNOTATIONS,
      readonly: true,
      openWorld: false,
    });
  });

  it('keeps annotation keys named like Object.prototype members as plain keys', () => {
    const registry = new Registry();
    const annotations = JSON.parse(
      '{"constructor": "x", "toString": 1, "__proto__": {"readonly": true}, "readonly": true}',
    ) as Record<string, unknown>;
    registry.register('a', { description: 'A', inputSchema: {}, annotations, execute: () => ({}) });
    const filled: Record<string, unknown> = registry.getDefinition('a')?.annotations ?? {};
    expect(filled.constructor).toBe('x');
    expect(filled.toString).toBe(1);
    expect(Object.hasOwn(filled, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(filled.readonly).toBe(true);
  });

  it('lists ids sorted, filtered by prefix and by all tags', () => {
    const registry = new Registry();
    registry.register('text.upper', createModule(['text']));
    registry.register('image.resize', createModule(['image', 'fast']));
    registry.register('image.blur', createModule(['image']));
    expect(registry.list()).toEqual(['image.blur', 'image.resize', 'text.upper']);
    expect(registry.list({ prefix: 'image.' })).toEqual(['image.blur', 'image.resize']);
    expect(registry.list({ tags: ['image'] })).toEqual(['image.blur', 'image.resize']);
    expect(registry.list({ tags: ['image', 'fast'] })).toEqual(['image.resize']);
    expect(registry.list({ tags: ['image'], prefix: 'text' })).toEqual([]);
    expect(registry.list({ tags: [] })).toHaveLength(3);
  });

  describe('getDefinition', () => {
    it('returns null for an unknown id', () => {
      expect(new Registry().getDefinition('nope')).toBeNull();
    });

    it('fills every field of a minimal module', () => {
      const registry = new Registry();
      registry.register('a', {
        description: 'A',
        inputSchema: { type: 'object' },
        execute: () => ({}),
      });
      expect(registry.getDefinition('a')).toEqual({
        moduleId: 'a',
        name: null,
        description: 'A',
        documentation: null,
        inputSchema: { type: 'object' },
        outputSchema: {},
        version: '1.0.0',
        tags: [],
        annotations: DEFAULT_ANNOTATIONS,
        examples: [],
        metadata: {},
      });
    });

    it('reports every declared field', () => {
      const registry = new Registry();
      registry.register(
        'people.greet',
        defineModule({
          name: 'Greeter',
          description: 'Greet',
          documentation: 'Long text',
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object', properties: { greeting: { type: 'string' } } },
          tags: ['people'],
          version: '3.0.0',
          annotations: { destructive: true, requiresApproval: true },
          examples: [{ title: 't', inputs: {}, output: {} }],
          metadata: { owner: 'me' },
          execute: () => ({}),
        }),
      );
      expect(registry.getDefinition('people.greet')).toMatchObject({
        moduleId: 'people.greet',
        name: 'Greeter',
        documentation: 'Long text',
        outputSchema: { type: 'object', properties: { greeting: { type: 'string' } } },
        version: '3.0.0',
        tags: ['people'],
        annotations: { ...DEFAULT_ANNOTATIONS, destructive: true, requiresApproval: true },
        examples: [{ title: 't', inputs: {}, output: {} }],
        metadata: { owner: 'me' },
      });
    });

    it("shares the module's own schemas, examples and metadata with { copy: false }", () => {
      const registry = new Registry();
      const inputSchema = { type: 'object', properties: { a: { type: 'string' } } };
      const outputSchema = { type: 'object' };
      const examples = [{ title: 't', inputs: {}, output: {} }];
      const metadata = { owner: 'me' };
      const module = {
        description: 'A',
        inputSchema,
        outputSchema,
        examples,
        metadata,
        tags: ['t'],
        execute: () => ({}),
      };
      registry.register('a', module);
      const shared = registry.getDefinition('a', { copy: false })!;
      expect(shared.inputSchema).toBe(inputSchema);
      expect(shared.outputSchema).toBe(outputSchema);
      expect(shared.examples).toBe(examples);
      expect(shared.metadata).toBe(metadata);
      expect(shared.tags).not.toBe(module.tags);
      expect(shared).toEqual(registry.getDefinition('a'));
      expect(registry.getDefinition('a', { copy: true })?.inputSchema).not.toBe(inputSchema);
    });

    it('hands out copies: changing a descriptor never changes the registry', () => {
      const registry = new Registry();
      const inputSchema = { type: 'object', properties: { a: { type: 'string' } } };
      registry.register('a', { description: 'A', inputSchema, tags: ['t'], execute: () => ({}) });
      const descriptor = registry.getDefinition('a')!;
      (descriptor.inputSchema.properties as Record<string, unknown>).a = { type: 'number' };
      descriptor.tags.push('changed');
      expect(registry.getDefinition('a')?.inputSchema).toEqual({
        type: 'object',
        properties: { a: { type: 'string' } },
      });
      expect(registry.getDefinition('a')?.tags).toEqual(['t']);
      expect(inputSchema.properties.a.type).toBe('string');
    });
  });

  describe('events', () => {
    it('tells listeners about register and unregister, until they are removed', () => {
      const registry = new Registry();
      const seen: string[] = [];
      const onRegister = (moduleId: string, module: unknown) => {
        seen.push(`+${moduleId}:${(module as ModuleLike).description}`);
      };
      const onUnregister = (moduleId: string) => seen.push(`-${moduleId}`);
      registry.on('register', onRegister);
      registry.on('unregister', onUnregister);
      registry.register('a', createModule());
      registry.unregister('a');
      registry.unregister('a');
      registry.off('register', onRegister);
      registry.register('b', createModule());
      expect(seen).toEqual(['+a:A module', '-a']);
    });

    it('logs a throwing listener and still registers and calls the other listeners', () => {
      const logger = createRecordingLogger();
      const registry = new Registry({ logger });
      const seen: string[] = [];
      registry.on('register', () => {
        throw new Error('listener broke');
      });
      registry.on('register', (moduleId) => seen.push(moduleId));
      expect(() => registry.register('a', createModule())).not.toThrow();
      expect(registry.has('a')).toBe(true);
      expect(seen).toEqual(['a']);
      const [entry] = logger.at('error');
      expect(entry?.object).toMatchObject({ event: 'register', moduleId: 'a' });
      expect((entry?.object as { err: Error } | undefined)?.err.message).toBe('listener broke');
    });

    it('does not fail on a duplicate or invalid id without telling listeners', () => {
      const registry = new Registry();
      const seen: string[] = [];
      registry.register('a', createModule());
      registry.on('register', (moduleId) => seen.push(moduleId));
      expect(() => registry.register('a', createModule())).toThrow();
      expect(() => registry.register('B', createModule())).toThrow();
      expect(seen).toEqual([]);
    });
  });
});
