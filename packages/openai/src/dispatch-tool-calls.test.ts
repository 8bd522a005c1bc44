import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { chatCall, createExecutor, modules } from './__fixtures__/dispatch-executor.js';
import { dispatchToolCalls } from './dispatch-tool-calls.js';
import { toOpenaiTools } from './to-openai-tools.js';

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
      expect.stringMatching(/^Access denied\n\n\{"retryable":false,/),
      expect.stringMatching(
        /^Input validation failed:\n- width: must be integer \(type\)\n\n\{"retryable":false,/,
      ),
      expect.stringMatching(/^Internal error occurred\n\n\{"retryable":false,/),
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
});
