import type { ExecutorLike } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { createDescriptor } from './__fixtures__/descriptor.js';
import { createRecordingLogger } from './__fixtures__/recording-logger.js';
import { createStaticRegistry } from './__fixtures__/static-registry.js';
import { dispatchToolCalls } from './dispatch-tool-calls.js';
import { InvalidArgumentError } from './invalid-argument-error.js';
import { toOpenaiTools } from './to-openai-tools.js';
import type { ChatToolCall, ResponsesFunctionCall } from './types.js';

interface Recorded {
  moduleId: string;
  inputs: Record<string, unknown>;
  context: unknown;
  argumentCount: number;
}

/**
 * An executor shaped like apcore-js's, whose modules are plain functions: the dispatch logic
 * under test only ever sees `call()`. (The real Executor is exercised in test/.)
 */
function createExecutor(modules: Record<string, (inputs: Record<string, unknown>) => unknown>) {
  const calls: Recorded[] = [];
  const executor: ExecutorLike = {
    registry: createStaticRegistry(Object.keys(modules).map((id) => createDescriptor(id))),
    async call(moduleId, inputs, ...rest: unknown[]) {
      calls.push({ moduleId, inputs, context: rest[0], argumentCount: 2 + rest.length });
      const module = modules[moduleId];
      if (module === undefined) {
        throw Object.assign(new Error(`Module not found: ${moduleId}`), {
          code: 'MODULE_NOT_FOUND',
          details: { moduleId },
        });
      }
      return (await module(inputs)) as Record<string, unknown>;
    },
  };
  return { executor, calls };
}

/** How both the OpenAI dispatch and the MCP server write the rich output below. */
const RICH_OUTPUT_TEXT =
  '{"set":[1,2],"map":{"a":1},"bytes":"AQID","error":{"name":"Error","message":"disk full"}}';

function chatCall(id: string, name: string, args: string): ChatToolCall {
  return { id, type: 'function', function: { name, arguments: args } };
}

const modules = {
  'math.add': ({ a, b }: Record<string, unknown>) => ({ sum: Number(a) + Number(b) }),
  'admin.purge': () => {
    throw Object.assign(new Error('caller agent-7 may not call admin.purge'), {
      code: 'ACL_DENIED',
      details: { callerId: 'agent-7', targetId: 'admin.purge' },
    });
  },
  'image.resize': () => {
    throw Object.assign(new Error('Input validation failed'), {
      code: 'SCHEMA_VALIDATION_ERROR',
      details: { errors: [{ path: '/width', message: 'must be integer', constraint: 'type' }] },
    });
  },
  'disk.write': () => {
    throw new Error('EACCES: permission denied, open /var/lib/app/data.db');
  },
};

describe('dispatchToolCalls with Chat Completions tool calls', () => {
  it('runs a good call and answers with the JSON output', async () => {
    const { executor, calls } = createExecutor(modules);
    const messages = await dispatchToolCalls(executor, [
      chatCall('call_1', 'math-add', '{"a":2,"b":3}'),
    ]);
    expect(messages).toEqual([{ role: 'tool', tool_call_id: 'call_1', content: '{"sum":5}' }]);
    expect(calls).toEqual([
      { moduleId: 'math.add', inputs: { a: 2, b: 3 }, context: undefined, argumentCount: 2 },
    ]);
  });

  it('answers bad JSON clearly and executes nothing for it', async () => {
    const { executor, calls } = createExecutor(modules);
    const [message] = await dispatchToolCalls(executor, [
      chatCall('call_1', 'math-add', '{"a":2,'),
    ]);
    expect(message?.tool_call_id).toBe('call_1');
    expect(message?.content).toMatch(
      /^Invalid arguments for tool "math-add": they are not valid JSON \(.+\)\. Nothing was executed\.$/,
    );
    expect(calls).toEqual([]);
  });

  it.each([
    ['[1,2]', 'an array'],
    ['null', 'null'],
    ['42', 'a number'],
    ['"text"', 'a string'],
  ])('answers non-object arguments %s as such', async (args, kind) => {
    const { executor, calls } = createExecutor(modules);
    const [message] = await dispatchToolCalls(executor, [chatCall('c', 'math-add', args)]);
    expect(message?.content).toBe(
      `Invalid arguments for tool "math-add": expected a JSON object, got ${kind}. Nothing was executed.`,
    );
    expect(calls).toEqual([]);
  });

  it('treats empty arguments as {}', async () => {
    const { executor, calls } = createExecutor({ 'system.ping': () => ({ pong: true }) });
    const [message] = await dispatchToolCalls(executor, [chatCall('c', 'system-ping', '')]);
    expect(message?.content).toBe('{"pong":true}');
    expect(calls[0]?.inputs).toEqual({});
  });

  it('answers a name no module has as an unknown tool, without calling the executor', async () => {
    const { executor, calls } = createExecutor(modules);
    const [message] = await dispatchToolCalls(executor, [chatCall('c', 'no-such-tool', '{}')]);
    expect(message?.content).toBe('Unknown tool: no-such-tool');
    expect(calls).toEqual([]);
  });

  it('maps a shortened name back to its long module id through the registry', async () => {
    const longId = `reports.${'quarterly_'.repeat(7)}summary`;
    const { executor, calls } = createExecutor({ [longId]: () => ({ total: 3 }) });
    const [tool] = toOpenaiTools(executor.registry);
    const name = tool!.function.name;
    expect(name).toHaveLength(64);
    const [message] = await dispatchToolCalls(executor, [chatCall('c', name, '{}')], {
      tools: [tool!],
    });
    expect(message?.content).toBe('{"total":3}');
    expect(calls.map((call) => call.moduleId)).toEqual([longId]);
  });

  it('runs neither module when two would share a name', async () => {
    // Two long ids with one head and one hash: found by search.
    const first = 'reports.quarterly_revenue_by_region_and_product_line.variant_v9tzx';
    const second = 'reports.quarterly_revenue_by_region_and_product_line.variant_vg1cd';
    const { executor, calls } = createExecutor({ [first]: () => ({}), [second]: () => ({}) });
    expect(() => toOpenaiTools(executor.registry)).toThrow(
      `Modules "${first}" and "${second}" would both be served as the tool`,
    );
    const [onlyFirst] = toOpenaiTools(executor.registry, { prefix: first });
    const [message] = await dispatchToolCalls(executor, [
      chatCall('c', onlyFirst!.function.name, '{}'),
    ]);
    expect(message?.content).toBe(`Unknown tool: ${onlyFirst!.function.name}`);
    expect(calls).toEqual([]);
  });

  it('refuses names that are not function names, and names outside the offered tools', async () => {
    const { executor, calls } = createExecutor(modules);
    const tools = toOpenaiTools(executor.registry, { prefix: 'math.' });
    const messages = await dispatchToolCalls(
      executor,
      [
        chatCall('a', 'math.add', '{}'),
        chatCall('b', 'admin-purge', '{}'),
        chatCall('c', 'math-add', '{"a":1,"b":1}'),
      ],
      { tools },
    );
    expect(messages.map((message) => message.content)).toEqual([
      'Unknown tool: math.add',
      'Unknown tool: admin-purge',
      '{"sum":2}',
    ]);
    expect(calls.map((call) => call.moduleId)).toEqual(['math.add']);
  });

  it('maps module errors through the ErrorMapper: ACL, validation, internal', async () => {
    const logger = createRecordingLogger();
    const { executor } = createExecutor(modules);
    const messages = await dispatchToolCalls(
      executor,
      [
        chatCall('1', 'admin-purge', '{}'),
        chatCall('2', 'image-resize', '{"width":"x"}'),
        chatCall('3', 'disk-write', '{}'),
      ],
      { logger },
    );
    expect(messages.map((message) => message.content)).toEqual([
      'Access denied',
      'Input validation failed:\n- width: must be integer (type)',
      'Internal error occurred',
    ]);
    expect(JSON.stringify(messages)).not.toMatch(/agent-7|\/var\/lib/);
    expect(logger.entries.filter((entry) => entry.level === 'error')).toHaveLength(1);
  });

  it('keeps the input order, concurrently or sequentially', async () => {
    const events: string[] = [];
    const { executor } = createExecutor({
      'slow.task': async () => {
        events.push('slow start');
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push('slow end');
        return { id: 'slow' };
      },
      'fast.task': async () => {
        events.push('fast start');
        return { id: 'fast' };
      },
    });
    const toolCalls = [chatCall('1', 'slow-task', '{}'), chatCall('2', 'fast-task', '{}')];
    const concurrent = await dispatchToolCalls(executor, toolCalls);
    expect(concurrent.map((message) => message.tool_call_id)).toEqual(['1', '2']);
    expect(events).toEqual(['slow start', 'fast start', 'slow end']);
    events.length = 0;
    const sequential = await dispatchToolCalls(executor, toolCalls, { sequential: true });
    expect(sequential.map((message) => message.content)).toEqual([
      '{"id":"slow"}',
      '{"id":"fast"}',
    ]);
    expect(events).toEqual(['slow start', 'slow end', 'fast start']);
  });

  it('passes a context built by the contextFactory', async () => {
    const { executor, calls } = createExecutor(modules);
    const contextFactory = {
      createContext: (request: { moduleId: string }) => ({ built: request.moduleId }),
    };
    await dispatchToolCalls(executor, [chatCall('1', 'math-add', '{"a":1,"b":2}')], {
      contextFactory,
    });
    expect(calls[0]?.context).toEqual({ built: 'math.add' });
    expect(calls[0]?.argumentCount).toBe(3);
  });

  it('serializes awkward outputs without throwing', async () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const { executor } = createExecutor({
      'big.number': () => ({ value: 10n ** 20n }),
      'cyclic.output': () => cyclic,
      'nothing.back': () => undefined,
      'shared.refs': () => {
        const shared = { a: 1 };
        return { left: shared, right: shared };
      },
    });
    const messages = await dispatchToolCalls(executor, [
      chatCall('1', 'big-number', '{}'),
      chatCall('2', 'cyclic-output', '{}'),
      chatCall('3', 'nothing-back', '{}'),
      chatCall('4', 'shared-refs', '{}'),
    ]);
    expect(messages.map((message) => message.content)).toEqual([
      '{"value":"100000000000000000000"}',
      '{"name":"loop","self":"[Circular]"}',
      'null',
      '{"left":{"a":1},"right":{"a":1}}',
    ]);
  });

  it('writes Set, Map, bytes and Error outputs as the MCP server does', async () => {
    const { executor } = createExecutor({
      'rich.output': () => ({
        set: new Set([1, 2]),
        map: new Map([['a', 1]]),
        bytes: Uint8Array.of(1, 2, 3),
        error: new Error('disk full'),
      }),
    });
    const [message] = await dispatchToolCalls(executor, [chatCall('1', 'rich-output', '{}')]);
    // The same text as a tool result over MCP (see the server's foreign-executor tests).
    expect(message?.content).toBe(RICH_OUTPUT_TEXT);
  });

  it('answers malformed tool calls without running anything', async () => {
    const { executor, calls } = createExecutor(modules);
    const messages = await dispatchToolCalls(executor, [
      { id: 'x', type: 'function' } as unknown as ChatToolCall,
      null as unknown as ChatToolCall,
    ]);
    expect(messages).toEqual([
      { role: 'tool', tool_call_id: 'x', content: 'Unknown tool: undefined' },
      { role: 'tool', tool_call_id: '', content: 'Unknown tool: undefined' },
    ]);
    expect(calls).toEqual([]);
  });

  it('answers a custom (non-function) tool call as unknown', async () => {
    const { executor, calls } = createExecutor(modules);
    const messages = await dispatchToolCalls(executor, [
      { id: 'c1', type: 'custom', custom: { name: 'math-add' } },
    ]);
    expect(messages).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'Unknown tool: math-add' },
    ]);
    expect(calls).toEqual([]);
  });

  it('rejects an executor or tool calls it cannot use', async () => {
    const { executor } = createExecutor(modules);
    await expect(dispatchToolCalls({} as ExecutorLike, [])).rejects.toThrow(InvalidArgumentError);
    await expect(dispatchToolCalls(executor, 'calls' as unknown as ChatToolCall[])).rejects.toThrow(
      InvalidArgumentError,
    );
  });

  it('returns [] for no tool calls', async () => {
    const { executor } = createExecutor(modules);
    expect(await dispatchToolCalls(executor, [])).toEqual([]);
  });
});

describe('dispatchToolCalls with Responses API function calls', () => {
  it('answers with function_call_output items', async () => {
    const { executor } = createExecutor(modules);
    const toolCalls: ResponsesFunctionCall[] = [
      {
        type: 'function_call',
        call_id: 'call_a',
        name: 'math-add',
        arguments: '{"a":1,"b":1}',
        id: 'fc_1',
      },
      { type: 'function_call', call_id: 'call_b', name: 'admin-purge', arguments: '{}' },
      { type: 'function_call', call_id: 'call_c', name: 'math-add', arguments: 'nope' },
    ];
    const outputs = await dispatchToolCalls(executor, toolCalls);
    expect(outputs).toEqual([
      { type: 'function_call_output', call_id: 'call_a', output: '{"sum":2}' },
      { type: 'function_call_output', call_id: 'call_b', output: 'Access denied' },
      {
        type: 'function_call_output',
        call_id: 'call_c',
        output: expect.stringMatching(
          /^Invalid arguments for tool "math-add": they are not valid JSON/,
        ),
      },
    ]);
  });
});
