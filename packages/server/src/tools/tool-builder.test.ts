import * as coreBridge from '@apcore-mcp/core/bridge';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { describeModule, ForeignRegistry } from '../__fixtures__/foreign-runtime.js';
import { ToolBuilder } from './tool-builder.js';

describe('ToolBuilder.buildTool', () => {
  const builder = new ToolBuilder();

  it('maps a descriptor to a tool: name, title, description, schemas, annotations, _meta', () => {
    const tool = builder.buildTool(
      describeModule('image.resize', {
        name: 'Resize image',
        description: 'Resizes an image.',
        tags: ['image'],
        version: '2.1.0',
        inputSchema: { properties: { width: { type: 'integer' } } },
        outputSchema: { type: 'object', properties: { path: { type: 'string' } } },
        annotations: { ...coreBridge.DEFAULT_ANNOTATIONS, streaming: true, requiresApproval: true },
      }),
    );
    expect(tool).toEqual({
      name: 'image-resize',
      title: 'Resize image',
      description: 'Resizes an image.',
      inputSchema: { type: 'object', properties: { width: { type: 'integer' } } },
      outputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      annotations: {
        title: 'Resize image',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      _meta: {
        'apcore/moduleId': 'image.resize',
        'apcore/requiresApproval': true,
        'apcore/streaming': true,
        'apcore/tags': ['image'],
        'apcore/version': '2.1.0',
      },
    });
  });

  it('gives an empty input schema an object root and leaves out an empty output schema', () => {
    const tool = builder.buildTool(describeModule('ping'));
    expect(tool.inputSchema).toEqual({ type: 'object', properties: {} });
    expect(tool).not.toHaveProperty('outputSchema');
  });

  it('titles a module without a name by its id, so people still see which module it is', () => {
    const tool = builder.buildTool(describeModule('catalog.get_product'));
    expect(tool.name).toBe('catalog-get_product');
    expect(tool.title).toBe('catalog.get_product');
    expect(tool.annotations?.title).toBe('catalog.get_product');
    expect(tool._meta?.['apcore/moduleId']).toBe('catalog.get_product');
  });

  it('names tools by module id with toolNames: module-id', () => {
    const tool = new ToolBuilder({ toolNames: 'module-id' }).buildTool(
      describeModule('catalog.get_product'),
    );
    expect(tool.name).toBe('catalog.get_product');
    expect(tool._meta?.['apcore/moduleId']).toBe('catalog.get_product');
  });

  it('shortens a name over 64 characters and keeps the full id in _meta', () => {
    const moduleId = `reports.${'quarterly_'.repeat(7)}summary`;
    const tool = builder.buildTool(describeModule(moduleId));
    expect(tool.name).toBe(coreBridge.toToolName(moduleId));
    expect(tool.name).toMatch(coreBridge.SAFE_TOOL_NAME_PATTERN);
    expect(tool._meta?.['apcore/moduleId']).toBe(moduleId);
  });

  it('does not advertise an output schema whose root is not an object', () => {
    const tool = builder.buildTool(describeModule('list', { outputSchema: { type: 'array' } }));
    expect(tool).not.toHaveProperty('outputSchema');
  });

  it('is unaffected by later in-place changes to the descriptor', () => {
    const descriptor = describeModule('a.b', {
      inputSchema: {
        type: 'object',
        properties: { x: { $ref: '#/$defs/X' } },
        $defs: { X: { type: 'string' } },
      },
    });
    const tool = builder.buildTool(descriptor);
    (descriptor.inputSchema.properties as Record<string, unknown>).x = { type: 'number' };
    delete descriptor.inputSchema.$defs;
    expect(tool.inputSchema).toEqual({ type: 'object', properties: { x: { type: 'string' } } });
  });

  it('throws for a schema it cannot convert and for an empty id', () => {
    expect(() =>
      builder.buildTool(describeModule('bad', { inputSchema: { $ref: '#/$defs/Nope' } })),
    ).toThrow(/bad/);
    expect(() => builder.buildTool(describeModule(''))).toThrow(
      'A module id must be a non-empty string',
    );
  });
});

/** Whether `value` holds (anywhere inside) one of the objects found in `other`. */
function sharesObjects(value: unknown, other: unknown): boolean {
  const inOther = new Set<unknown>();
  const collect = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    inOther.add(node);
    for (const child of Object.values(node)) collect(child);
  };
  collect(other);
  const search = (node: unknown): boolean =>
    typeof node === 'object' &&
    node !== null &&
    (inOther.has(node) || Object.values(node).some(search));
  return search(value);
}

describe('ToolBuilder.buildTools on a core registry', () => {
  it("shares no object with the modules' schemas, and later changes to them change nothing", () => {
    const registry = new runtime.Registry();
    // A plain module object (defineModule would freeze its schemas).
    const inputSchema = {
      type: 'object',
      properties: { x: { $ref: '#/$defs/X' }, list: { type: 'array', items: { type: 'string' } } },
      required: ['x'],
      $defs: { X: { type: 'object', properties: { y: { enum: ['a', 'b'] } } } },
    };
    const outputSchema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    const module = { description: 'x', inputSchema, outputSchema, execute: () => ({ ok: true }) };
    registry.register('a.b', module);
    const [tool] = new ToolBuilder().buildTools(registry).tools;
    expect(sharesObjects(tool, inputSchema)).toBe(false);
    expect(sharesObjects(tool, outputSchema)).toBe(false);
    const before = structuredClone(tool);
    inputSchema.properties.list.items.type = 'number';
    inputSchema.$defs.X.properties.y.enum.push('c');
    outputSchema.properties.ok = { type: 'string' };
    expect(tool).toEqual(before);
  });
});

describe('ToolBuilder.buildTools', () => {
  it('skips the modules it cannot build, with a warning naming each and why (N-1 of N)', () => {
    const registry = new ForeignRegistry();
    registry.add(describeModule('a.good'));
    registry.add(describeModule('a.cyclic', { inputSchema: { $ref: '#' } }));
    registry.add(describeModule('b.good', { tags: ['x'] }));
    const logger = createRecordingLogger();
    const { tools, skipped } = new ToolBuilder({ logger }).buildTools(registry);
    expect(tools.map((served) => served.tool.name)).toEqual(['a-good', 'b-good']);
    expect(tools.map((served) => served.moduleId)).toEqual(['a.good', 'b.good']);
    expect(skipped).toEqual([
      { moduleId: 'a.cyclic', reason: expect.stringContaining('a.cyclic') },
    ]);
    expect(logger.messages('warn')).toEqual([`Skipping module a.cyclic: ${skipped[0]?.reason}`]);
  });

  it('skips a module whose schema is not valid JSON Schema, naming its file, the pointer and what would be valid', () => {
    const registry = new runtime.Registry();
    const noop = () => ({});
    registry.register('good', { description: 'Good', inputSchema: {}, execute: noop });
    const bad = {
      description: 'Bad',
      inputSchema: { type: 'object', properties: { x: { type: 'nmber' } }, required: 'x' },
      execute: noop,
    };
    registry.register('bad', bad, { file: '/app/extensions/bad.js' });
    registry.register('bad_in_code', { ...bad, description: 'Also bad' });
    const logger = createRecordingLogger();
    const { tools, skipped } = new ToolBuilder({ logger }).buildTools(registry);
    expect(tools.map((served) => served.moduleId)).toEqual(['good']);
    const reason = expect.stringMatching(
      /^its input schema is not valid JSON Schema: \/properties\/x\/type: must be equal to one of the allowed values: array, boolean, .+; \/required: must be array \(got "x"\)$/,
    );
    expect(skipped).toEqual([
      { moduleId: 'bad', file: '/app/extensions/bad.js', reason },
      { moduleId: 'bad_in_code', reason },
    ]);
    expect(logger.messages('warn')).toEqual([
      `Skipping module bad (/app/extensions/bad.js): ${skipped[0]?.reason}`,
      `Skipping module bad_in_code: ${skipped[1]?.reason}`,
    ]);
    expect(logger.at('warn')[0]?.object).toEqual({
      moduleId: 'bad',
      file: '/app/extensions/bad.js',
      reason: skipped[0]?.reason,
    });
  });

  it('applies tags and prefix together', () => {
    const registry = new ForeignRegistry();
    registry.add(describeModule('api.a', { tags: ['public'] }));
    registry.add(describeModule('api.b'));
    registry.add(describeModule('web.c', { tags: ['public'] }));
    const builder = new ToolBuilder();
    const names = (filter: Parameters<ToolBuilder['buildTools']>[1]) =>
      builder.buildTools(registry, filter).tools.map((served) => served.moduleId);
    expect(names({ tags: ['public'], prefix: 'api.' })).toEqual(['api.a']);
    expect(names({ tags: [] })).toEqual(['api.a', 'api.b', 'web.c']);
    expect(names({ tags: ['nonexistent'] })).toEqual([]);
  });

  it('refuses two modules that would get the same tool name, naming both', () => {
    // Two long ids with one head and one hash: found by search.
    const first = 'reports.quarterly_revenue_by_region_and_product_line.variant_v9tzx';
    const second = 'reports.quarterly_revenue_by_region_and_product_line.variant_vg1cd';
    const registry = new ForeignRegistry();
    registry.add(describeModule(first));
    registry.add(describeModule(second));
    expect(() => new ToolBuilder().buildTools(registry)).toThrow(
      `Modules "${first}" and "${second}" would both be served as the tool "${coreBridge.toToolName(first)}"`,
    );
    // By module id they are two names.
    const byId = new ToolBuilder({ toolNames: 'module-id' }).buildTools(registry);
    expect(byId.tools.map((served) => served.tool.name)).toEqual([first, second]);
  });

  it('skips a module whose id has no safe tool name, saying why', () => {
    const registry = new ForeignRegistry();
    registry.add(describeModule('my-module.run'));
    registry.add(describeModule('fine.run'));
    const { tools, skipped } = new ToolBuilder().buildTools(registry);
    expect(tools.map((served) => served.tool.name)).toEqual(['fine-run']);
    expect(skipped).toEqual([
      { moduleId: 'my-module.run', reason: expect.stringContaining('contains a hyphen') },
    ]);
  });

  it('skips a module the registry lists but cannot describe', () => {
    const registry = new ForeignRegistry();
    registry.add(describeModule('a.ghost'));
    registry.getDefinition = () => null;
    const { tools, skipped } = new ToolBuilder().buildTools(registry);
    expect(tools).toEqual([]);
    expect(skipped).toEqual([
      { moduleId: 'a.ghost', reason: 'the registry has no definition for it' },
    ]);
  });
});
