import { Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './__fixtures__/deep-freeze.js';
import { createDescriptor } from './__fixtures__/descriptor.js';
import { createRecordingLogger } from './__fixtures__/recording-logger.js';
import { createStaticRegistry } from './__fixtures__/static-registry.js';
import { InvalidArgumentError } from './invalid-argument-error.js';
import { toOpenaiTool } from './to-openai-tool.js';
import { toOpenaiTools, toOpenaiToolsDetailed } from './to-openai-tools.js';

const resizeSchema = {
  type: 'object',
  properties: {
    width: { type: 'integer', description: 'Target width' },
    height: { type: 'integer', default: 100, 'x-ui': 'slider' },
  },
  required: ['width'],
};

const resize = createDescriptor('image.resize', {
  description: 'Resize an image',
  inputSchema: resizeSchema,
  tags: ['image'],
  annotations: {
    readonly: false,
    destructive: false,
    idempotent: true,
    requiresApproval: false,
    openWorld: true,
    streaming: false,
  },
});

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

describe('FR-OPENAI-003 strict mode', () => {
  it('adds strict: true and rewrites the schema', () => {
    const [tool] = toOpenaiTools(createStaticRegistry([resize]), { strict: true });
    expect(tool).toEqual({
      type: 'function',
      function: {
        name: 'image-resize',
        description: 'Resize an image',
        parameters: {
          type: 'object',
          properties: {
            width: { type: 'integer', description: 'Target width' },
            height: { type: ['integer', 'null'] },
          },
          required: ['height', 'width'],
          additionalProperties: false,
        },
        strict: true,
      },
    });
  });

  it('has no strict key and an untouched schema by default', () => {
    const [tool] = toOpenaiTools(createStaticRegistry([resize]));
    expect(tool?.function).not.toHaveProperty('strict');
    expect(tool?.function.parameters).toEqual(resizeSchema);
  });

  it('keeps a deliberately open schema, closed, with a warning', () => {
    const logger = createRecordingLogger();
    const open = createDescriptor('kv.put', {
      inputSchema: {
        type: 'object',
        properties: { key: { type: 'string' } },
        required: ['key'],
        additionalProperties: true,
      },
    });
    const tools = toOpenaiTools(createStaticRegistry([open]), { strict: true, logger });
    expect(tools[0]?.function.parameters.additionalProperties).toBe(false);
    expect(logger.warnings()).toEqual([
      expect.stringContaining(
        'Schema of module "kv.put": the root schema allows additional properties',
      ),
    ]);
  });

  it('skips a module that breaks a strict-mode rule, listing the violations', () => {
    const logger = createRecordingLogger();
    const limited = createDescriptor('text.echo', {
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', maxLength: 10 } },
        required: ['text'],
      },
    });
    const { tools, skipped } = toOpenaiToolsDetailed(createStaticRegistry([limited, resize]), {
      strict: true,
      logger,
    });
    expect(tools.map((tool) => tool.function.name)).toEqual(['image-resize']);
    expect(skipped).toEqual([
      {
        moduleId: 'text.echo',
        code: 'STRICT_MODE_VIOLATION',
        reason: expect.stringContaining(
          '/properties/text: "maxLength" is not supported in strict mode',
        ),
      },
    ]);
  });

  it('keeps that module when unsupported keywords may be dropped', () => {
    const limited = createDescriptor('text.echo', {
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', maxLength: 10 } },
        required: ['text'],
      },
    });
    const [tool] = toOpenaiTools(createStaticRegistry([limited]), {
      strict: true,
      dropUnsupportedKeywords: true,
    });
    expect(tool?.function.parameters.properties).toEqual({ text: { type: 'string' } });
  });
});

describe('FR-OPENAI-004 annotations in descriptions', () => {
  it('appends the suffix of non-default annotations when asked', () => {
    const [tool] = toOpenaiTools(createStaticRegistry([resize]), { embedAnnotations: true });
    expect(tool?.function.description).toBe('Resize an image\n\n[Annotations: idempotent=true]');
  });

  it('leaves descriptions alone by default, for default annotations and for null', () => {
    const defaults = createDescriptor('plain.module', {
      description: 'Plain',
      annotations: {
        readonly: false,
        destructive: false,
        idempotent: false,
        requiresApproval: false,
        openWorld: true,
        streaming: false,
      },
    });
    const none = createDescriptor('bare.module', { description: 'Bare', annotations: null });
    expect(toOpenaiTools(createStaticRegistry([resize]))[0]?.function.description).toBe(
      'Resize an image',
    );
    expect(
      toOpenaiTools(createStaticRegistry([defaults, none]), { embedAnnotations: true }).map(
        (tool) => tool.function.description,
      ),
    ).toEqual(['Plain', 'Bare']);
  });
});

describe('FR-OPENAI-005 plain values only', () => {
  it('returns JSON-plain objects that survive a JSON round trip unchanged', () => {
    const tools = toOpenaiTools(createStaticRegistry([resize]), {
      strict: true,
      embedAnnotations: true,
    });
    expect(JSON.parse(JSON.stringify(tools))).toEqual(tools);
    const prototypes = new Set<unknown>();
    const visit = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      prototypes.add(Object.getPrototypeOf(value));
      for (const child of Object.values(value)) visit(child);
    };
    visit(tools);
    expect(
      [...prototypes].every(
        (prototype) => prototype === Object.prototype || prototype === Array.prototype,
      ),
    ).toBe(true);
  });
});

describe('FR-OPENAI-006 / 007 filters', () => {
  const registry = createStaticRegistry([
    resize,
    createDescriptor('image.crop', { tags: ['image', 'edit'] }),
    createDescriptor('comfyui.workflow.execute', { tags: ['image', 'ai'] }),
    createDescriptor('text.summarize', { tags: ['text'] }),
  ]);
  const names = (options: Parameters<typeof toOpenaiTools>[1]) =>
    toOpenaiTools(registry, options).map((tool) => tool.function.name);

  it('keeps only modules with every tag', () => {
    expect(names({ tags: ['image'] })).toEqual([
      'image-resize',
      'image-crop',
      'comfyui-workflow-execute',
    ]);
    expect(names({ tags: ['image', 'edit'] })).toEqual(['image-crop']);
    expect(names({ tags: ['nonexistent'] })).toEqual([]);
  });

  it('keeps only modules whose id starts with the prefix', () => {
    expect(names({ prefix: 'comfyui.' })).toEqual(['comfyui-workflow-execute']);
    expect(names({ prefix: 'nonexistent.' })).toEqual([]);
  });

  it('applies tags and prefix together', () => {
    expect(names({ tags: ['image'], prefix: 'image.' })).toEqual(['image-resize', 'image-crop']);
  });

  it('filters even when a registry ignores the list options', () => {
    const careless = { ...registry, list: () => registry.list() };
    expect(toOpenaiTools(careless, { tags: ['text'] }).map((tool) => tool.function.name)).toEqual([
      'text-summarize',
    ]);
  });

  it('rejects an empty tag or prefix', () => {
    expect(() => toOpenaiTools(registry, { tags: ['image', ''] })).toThrow(
      /tags must be a list of non-empty strings/,
    );
    expect(() => toOpenaiTools(registry, { prefix: '' })).toThrow(
      /prefix must be a non-empty string/,
    );
  });
});
