import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, deepFreeze } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createDescriptor } from './__fixtures__/descriptor.js';
import { resize, resizeSchema } from './__fixtures__/resize-descriptor.js';
import { createStaticRegistry } from './__fixtures__/static-registry.js';
import { InvalidArgumentError } from './invalid-argument-error.js';
import { toOpenaiTool } from './to-openai-tool.js';
import { toOpenaiTools, toOpenaiToolsDetailed } from './to-openai-tools.js';

describe('FR-OPENAI-001 tool definitions', () => {
  it('builds { type: "function", function: { name, description, parameters } }', () => {
    expect(toOpenaiTools(createStaticRegistry([resize]))).toEqual([
      {
        type: 'function',
        function: {
          name: 'image-resize',
          description: 'Resize an image',
          parameters: resizeSchema,
        },
      },
    ]);
  });

  it('returns [] for an empty registry', () => {
    expect(toOpenaiTools(createStaticRegistry([]))).toEqual([]);
  });

  it('returns one tool per module, for 100 modules', () => {
    const descriptors = Array.from({ length: 100 }, (_, index) =>
      createDescriptor(`bulk.module_${index}`),
    );
    const tools = toOpenaiTools(createStaticRegistry(descriptors));
    expect(tools).toHaveLength(100);
    expect(tools[42]?.function.name).toBe('bulk-module_42');
  });

  it('inlines $refs and gives an empty schema an object root', () => {
    const tools = toOpenaiTools(
      createStaticRegistry([
        createDescriptor('geo.locate', {
          inputSchema: {
            type: 'object',
            properties: { point: { $ref: '#/$defs/Point' } },
            $defs: { Point: { type: 'object', properties: { lat: { type: 'number' } } } },
          },
        }),
        createDescriptor('system.ping', { inputSchema: {} }),
      ]),
    );
    expect(tools[0]?.function.parameters).toEqual({
      type: 'object',
      properties: { point: { type: 'object', properties: { lat: { type: 'number' } } } },
    });
    expect(tools[1]?.function.parameters).toEqual({ type: 'object', properties: {} });
  });

  it('skips a module whose schema fails to convert, with a warning naming it, and keeps the rest', () => {
    const logger = createRecordingLogger();
    const broken = createDescriptor('broken.module', {
      inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } },
    });
    const { tools, skipped } = toOpenaiToolsDetailed(createStaticRegistry([broken, resize]), {
      logger,
    });
    expect(tools.map((tool) => tool.function.name)).toEqual(['image-resize']);
    expect(skipped).toEqual([
      {
        moduleId: 'broken.module',
        code: 'SCHEMA_CONVERSION_ERROR',
        reason: expect.stringContaining('Missing'),
      },
    ]);
    expect(logger.warnings()).toEqual([
      expect.stringMatching(/^Skipping module "broken.module" for OpenAI tools: /),
    ]);
  });

  it('reports a module id that has no valid function name, instead of mangling it', () => {
    const logger = createRecordingLogger();
    const { tools, skipped } = toOpenaiToolsDetailed(
      createStaticRegistry([createDescriptor('my-module.run'), createDescriptor('image/resize')]),
      { logger },
    );
    expect(tools).toEqual([]);
    expect(skipped.map(({ moduleId, code }) => [moduleId, code])).toEqual([
      ['my-module.run', 'INVALID_TOOL_NAME'],
      ['image/resize', 'INVALID_TOOL_NAME'],
    ]);
    expect(logger.warnings()).toHaveLength(2);
  });

  it('names a module id over 64 characters with a readable head and a hash', () => {
    const longId = `long.${'x'.repeat(64)}`;
    const [tool] = toOpenaiTools(createStaticRegistry([createDescriptor(longId)]));
    expect(tool?.function.name).toMatch(/^long-x{50}_[0-9a-f]{8}$/);
  });

  it('skips a module whose definition vanished between list and read', () => {
    const registry = createStaticRegistry([resize]);
    const vanishing = { ...registry, getDefinition: () => null };
    expect(toOpenaiToolsDetailed(vanishing)).toEqual({
      tools: [],
      skipped: [{ moduleId: 'image.resize', reason: 'the registry has no definition for it' }],
    });
  });

  it('accepts an executor and uses its registry', () => {
    const executor = { registry: createStaticRegistry([resize]), call: async () => ({}) };
    expect(toOpenaiTools(executor).map((tool) => tool.function.name)).toEqual(['image-resize']);
  });

  it('refuses something that is neither a registry nor an executor', () => {
    for (const value of [null, {}, { list: [] }, 'registry']) {
      expect(() => toOpenaiTools(value as never)).toThrow(InvalidArgumentError);
    }
  });

  it('never mutates the descriptors', () => {
    const frozen = deepFreeze(
      createDescriptor('frozen.module', { inputSchema: structuredClone(resizeSchema) }),
    );
    const snapshot = structuredClone(frozen);
    toOpenaiTools(createStaticRegistry([frozen]), { strict: true, embedAnnotations: true });
    expect(frozen).toEqual(snapshot);
  });

  it("shares no object with a core registry's module schemas", () => {
    const inputSchema = structuredClone(resizeSchema);
    const registry = new Registry();
    registry.register('image.resize', { description: 'r', inputSchema, execute: () => ({}) });
    for (const strict of [false, true]) {
      const [tool] = toOpenaiTools(registry, { strict });
      const inSchema = new Set<unknown>();
      const collect = (node: unknown): void => {
        if (typeof node !== 'object' || node === null) return;
        inSchema.add(node);
        for (const child of Object.values(node)) collect(child);
      };
      collect(inputSchema);
      const shares = (node: unknown): boolean =>
        typeof node === 'object' &&
        node !== null &&
        (inSchema.has(node) || Object.values(node).some(shares));
      expect(shares(tool)).toBe(false);
    }
  });

  it('gives an empty description when a module has none', () => {
    const tool = toOpenaiTool(createDescriptor('x', { description: '' }));
    expect(tool.function.description).toBe('');
  });
});
