import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createDescriptor } from './__fixtures__/descriptor.js';
import { resize, resizeSchema } from './__fixtures__/resize-descriptor.js';
import { createStaticRegistry } from './__fixtures__/static-registry.js';
import { toOpenaiTools, toOpenaiToolsDetailed } from './to-openai-tools.js';

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

  it('keeps modules with any of anyTags and drops those with any of excludeTags', () => {
    expect(names({ anyTags: ['edit', 'text'] })).toEqual(['image-crop', 'text-summarize']);
    expect(names({ excludeTags: ['ai', 'text'] })).toEqual(['image-resize', 'image-crop']);
    expect(names({ anyTags: ['nonexistent'] })).toEqual([]);
  });

  it('combines all, any and exclude tags and the prefix with AND', () => {
    expect(names({ tags: ['image'], anyTags: ['edit', 'ai'], excludeTags: ['ai'] })).toEqual([
      'image-crop',
    ]);
    expect(names({ anyTags: ['image', 'text'], prefix: 'text.' })).toEqual(['text-summarize']);
  });

  it('rejects an empty tag or prefix', () => {
    expect(() => toOpenaiTools(registry, { tags: ['image', ''] })).toThrow(
      /tags must be a list of non-empty strings/,
    );
    expect(() => toOpenaiTools(registry, { anyTags: [''] })).toThrow(
      /anyTags must be a list of non-empty strings/,
    );
    expect(() => toOpenaiTools(registry, { excludeTags: 'ai' as never })).toThrow(
      /excludeTags must be a list of non-empty strings/,
    );
    expect(() => toOpenaiTools(registry, { prefix: '' })).toThrow(
      /prefix must be a non-empty string/,
    );
  });
});
