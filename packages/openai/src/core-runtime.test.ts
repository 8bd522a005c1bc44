import { defineModule, type ModuleContext } from '@apcore-mcp/core';
import { ACL, Executor, type ExecutorOptions, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { dispatchToolCalls } from './dispatch-tool-calls.js';
import { toOpenaiTools, toOpenaiToolsDetailed } from './to-openai-tools.js';
import type { ChatToolCall, ResponsesFunctionCall } from './types.js';

function createRegistry(): Registry {
  const registry = new Registry();
  registry.register(
    'image.resize',
    defineModule({
      description: 'Resize an image',
      tags: ['image'],
      annotations: { idempotent: true },
      inputSchema: {
        type: 'object',
        properties: {
          width: { type: 'integer', minimum: 1 },
          height: { type: 'integer', minimum: 1 },
          format: { $ref: '#/$defs/Format' },
        },
        required: ['width', 'height'],
        $defs: { Format: { type: 'string', enum: ['png', 'jpeg'], default: 'png' } },
      },
      execute: ({ width, height, format }) => ({ width, height, format: format ?? 'png' }),
    }),
  );
  registry.register(
    'admin.purge',
    defineModule({
      description: 'Delete everything',
      tags: ['admin'],
      annotations: { destructive: true },
      inputSchema: { type: 'object', properties: {} },
      execute: () => ({ purged: true }),
    }),
  );
  registry.register(
    'who.am_i',
    defineModule({
      description: 'Report the identity of the caller',
      inputSchema: {},
      execute: (_inputs, context: ModuleContext) => ({ identity: context.identity?.id ?? null }),
    }),
  );
  return registry;
}

function createExecutor(options: ExecutorOptions = {}): Executor {
  return new Executor(createRegistry(), options);
}

function chatCall(id: string, name: string, args: string): ChatToolCall {
  return { id, type: 'function', function: { name, arguments: args } };
}

describe('toOpenaiTools on the real @apcore-mcp/core Registry', () => {
  it('converts every module, from a registry or an executor alike', () => {
    const executor = createExecutor();
    const fromRegistry = toOpenaiTools(executor.registry, { embedAnnotations: true });
    expect(toOpenaiTools(executor, { embedAnnotations: true })).toEqual(fromRegistry);
    expect(fromRegistry.map((tool) => [tool.function.name, tool.function.description])).toEqual(
      expect.arrayContaining([
        ['image-resize', 'Resize an image\n\n[Annotations: idempotent=true]'],
        ['admin-purge', 'Delete everything\n\n[Annotations: destructive=true]'],
        ['who-am_i', 'Report the identity of the caller'],
      ]),
    );
    const resize = fromRegistry.find((tool) => tool.function.name === 'image-resize');
    expect(resize?.function.parameters).toEqual({
      type: 'object',
      properties: {
        width: { type: 'integer', minimum: 1 },
        height: { type: 'integer', minimum: 1 },
        format: { type: 'string', enum: ['png', 'jpeg'], default: 'png' },
      },
      required: ['width', 'height'],
    });
  });

  it('builds strict tools that pass the strict-mode check', () => {
    const { tools, skipped } = toOpenaiToolsDetailed(createRegistry(), {
      strict: true,
      tags: ['image'],
    });
    expect(skipped).toEqual([]);
    expect(tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'image-resize',
          description: 'Resize an image',
          parameters: {
            type: 'object',
            properties: {
              width: { type: 'integer', minimum: 1 },
              height: { type: 'integer', minimum: 1 },
              format: { type: ['string', 'null'], enum: ['png', 'jpeg', null] },
            },
            required: ['format', 'height', 'width'],
            additionalProperties: false,
          },
          strict: true,
        },
      },
    ]);
  });
});

describe('dispatchToolCalls through the real @apcore-mcp/core Executor', () => {
  it('runs good calls and answers with their JSON output', async () => {
    const messages = await dispatchToolCalls(createExecutor(), [
      chatCall('call_1', 'image-resize', '{"width":640,"height":480,"format":"jpeg"}'),
    ]);
    expect(messages).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: '{"width":640,"height":480,"format":"jpeg"}',
      },
    ]);
  });

  it('answers bad JSON without running the module', async () => {
    let ran = false;
    const registry = createRegistry();
    registry.register(
      'side.effect',
      defineModule({
        description: 'Records that it ran',
        inputSchema: {},
        execute: () => {
          ran = true;
          return {};
        },
      }),
    );
    const [message] = await dispatchToolCalls(new Executor(registry), [
      chatCall('c', 'side-effect', '{oops'),
    ]);
    expect(message?.content).toMatch(
      /^Invalid arguments for tool "side-effect": they are not valid JSON/,
    );
    expect(ran).toBe(false);
  });

  it('answers an unknown tool', async () => {
    const [message] = await dispatchToolCalls(createExecutor(), [
      chatCall('c', 'video-encode', '{}'),
    ]);
    expect(message?.content).toBe('Unknown tool: video-encode');
  });

  it('answers a validation failure field by field', async () => {
    const [message] = await dispatchToolCalls(createExecutor(), [
      chatCall('c', 'image-resize', '{"width":"wide"}'),
    ]);
    // The message, then the AI guidance appendix after a blank line.
    const [text = '', guidance = ''] = message?.content.split('\n\n') ?? [];
    expect(JSON.parse(guidance)).toMatchObject({ retryable: false });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Input validation failed:');
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(/^- height: .+/),
      expect.stringMatching(/^- width: .+/),
    ]);
  });

  it('answers an ACL denial with "Access denied" and nothing else', async () => {
    const acl = ACL.fromObject({
      rules: [{ callers: ['@external'], targets: ['image.*'], effect: 'allow' }],
    });
    const messages = await dispatchToolCalls(createExecutor({ acl }), [
      chatCall('1', 'admin-purge', '{}'),
      chatCall('2', 'image-resize', '{"width":1,"height":1}'),
    ]);
    expect(messages.map((message) => message.content)).toEqual([
      expect.stringMatching(
        /^Access denied\n\n\{"retryable":false,"aiGuidance":"[^"]+","userFixable":false\}$/,
      ),
      '{"width":1,"height":1,"format":"png"}',
    ]);
  });

  it('answers an unexpected module failure with the sanitized text and logs it', async () => {
    const registry = createRegistry();
    registry.register(
      'disk.write',
      defineModule({
        description: 'Fails',
        inputSchema: {},
        execute: () => {
          throw new Error('EIO at /srv/data/blob.bin');
        },
      }),
    );
    const logger = createRecordingLogger();
    const [message] = await dispatchToolCalls(
      new Executor(registry),
      [chatCall('c', 'disk-write', '{}')],
      { logger },
    );
    expect(message?.content).toMatch(/^Internal error occurred\n\n\{"retryable":false,/);
    expect(message?.content).not.toContain('/srv/data');
    expect(logger.entries.some((entry) => entry.level === 'error')).toBe(true);
  });

  it('passes contexts built by the executor as a context factory', async () => {
    const executor = createExecutor();
    const contextFactory = {
      createContext: (request: { moduleId: string }) =>
        executor.createContext({ ...request, identity: { id: 'user-1' } }),
    };
    const [message] = await dispatchToolCalls(executor, [chatCall('c', 'who-am_i', '{}')], {
      contextFactory,
    });
    expect(message?.content).toBe('{"identity":"user-1"}');
  });

  it('answers Responses API function calls', async () => {
    const executor = createExecutor();
    const tools = toOpenaiTools(executor, { tags: ['image'] });
    const calls: ResponsesFunctionCall[] = [
      {
        type: 'function_call',
        call_id: 'a',
        name: 'image-resize',
        arguments: '{"width":2,"height":3}',
      },
      { type: 'function_call', call_id: 'b', name: 'admin-purge', arguments: '{}' },
    ];
    expect(await dispatchToolCalls(executor, calls, { tools })).toEqual([
      {
        type: 'function_call_output',
        call_id: 'a',
        output: '{"width":2,"height":3,"format":"png"}',
      },
      { type: 'function_call_output', call_id: 'b', output: 'Unknown tool: admin-purge' },
    ]);
  });
});
