import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createRegistry } from './__fixtures__/shop-executor.js';
import { checkAnthropicTool } from './check-anthropic-tool.js';
import { toAnthropicTools, toAnthropicToolsDetailed } from './to-anthropic-tools.js';

describe('toAnthropicTools', () => {
  it('gives each module a tool with its safe name, description and input_schema', () => {
    const tools = toAnthropicTools(createRegistry(), { prefix: 'math' });
    expect(tools).toEqual([
      {
        name: 'math-add',
        description: 'Add two integers',
        input_schema: {
          type: 'object',
          properties: { a: { type: 'integer' }, b: { type: 'integer' } },
          required: ['a', 'b'],
        },
      },
      expect.objectContaining({ name: 'math-multiply' }),
    ]);
  });

  it('puts cache_control on the last tool only', () => {
    const tools = toAnthropicTools(createRegistry(), {
      cacheControl: { type: 'ephemeral', ttl: '1h' },
    });
    expect(tools.at(-1)?.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    expect(tools.slice(0, -1).some((tool) => 'cache_control' in tool)).toBe(false);
  });

  it('refuses a cacheControl the API would not take', () => {
    expect(() =>
      toAnthropicTools(createRegistry(), { cacheControl: { type: 'persistent' } as never }),
    ).toThrow(/cacheControl must be/);
    expect(() =>
      toAnthropicTools(createRegistry(), {
        cacheControl: { type: 'ephemeral', ttl: '2h' } as never,
      }),
    ).toThrow(/cacheControl must be/);
  });

  it("sends the module's example inputs as input_examples when asked", () => {
    const [plain] = toAnthropicTools(createRegistry(), { prefix: 'math.add' });
    const [withExamples] = toAnthropicTools(createRegistry(), {
      prefix: 'math.add',
      inputExamples: true,
    });
    expect(plain).not.toHaveProperty('input_examples');
    expect(withExamples?.input_examples).toEqual([{ a: 2, b: 3 }]);
  });

  it('rewrites strict schemas: closed objects, required as written, strict: true', () => {
    const [tool] = toAnthropicTools(createRegistry(), { prefix: 'billing', strict: true });
    expect(tool).toMatchObject({
      name: 'billing-refund',
      strict: true,
      input_schema: {
        type: 'object',
        properties: { orderId: { type: 'string' } },
        required: ['orderId'],
        additionalProperties: false,
      },
    });
    expect(checkAnthropicTool(tool!)).toEqual([]);
  });

  it('appends the annotation suffix with embedAnnotations', () => {
    const [tool] = toAnthropicTools(createRegistry(), { prefix: 'admin', embedAnnotations: true });
    expect(tool?.description).toMatch(/^Delete everything\n\n\[Annotations: .*destructive=true/);
  });

  it('warns once about each module it skips, naming Anthropic', () => {
    const logger = createRecordingLogger();
    const registry = createRegistry();
    const { skipped } = toAnthropicToolsDetailed(registry, {
      prefix: 'math.add',
      inputExamples: true,
      strict: true,
      logger,
    });
    expect(skipped).toEqual([]);
    registry.register('bad.root', {
      ...registry.getDefinition('math.add')!,
      moduleId: 'bad.root',
      inputSchema: { type: 'object', anyOf: [{ required: ['a'] }] },
      execute: () => ({}),
    } as never);
    const result = toAnthropicToolsDetailed(registry, { prefix: 'bad', logger });
    expect(result.skipped).toEqual([
      {
        moduleId: 'bad.root',
        code: 'ANTHROPIC_TOOL_REFUSED',
        reasons: [expect.stringContaining('"anyOf" is not allowed at the root of input_schema')],
      },
    ]);
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toHaveLength(1);
    expect(logger.entries.at(-1)?.message).toMatch(/for Anthropic tools/);
  });

  it('folds modules into grouped tools and returns their actions', () => {
    const { tools, groups } = toAnthropicToolsDetailed(createRegistry(), {
      grouping: 'namespace',
      strict: true,
    });
    const math = tools.find((tool) => tool.name === 'math');
    expect(groups?.math).toEqual({ add: 'math.add', multiply: 'math.multiply' });
    expect(math?.input_schema.properties).toHaveProperty('action');
    expect(checkAnthropicTool(math!)).toEqual([]);
  });
});
