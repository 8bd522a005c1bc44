import type { ExecutorLike } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { chatCall, createExecutor, modules } from './__fixtures__/dispatch-executor.js';
import { dispatchToolCalls } from './dispatch-tool-calls.js';
import { InvalidArgumentError } from './invalid-argument-error.js';
import type { ChatToolCall, ResponsesFunctionCall } from './types.js';

/** How both the OpenAI dispatch and the MCP server write the rich output below. */
const RICH_OUTPUT_TEXT =
  '{"set":[1,2],"map":{"a":1},"bytes":"AQID","error":{"name":"Error","message":"disk full"}}';

describe('dispatchToolCalls: awkward outputs and malformed calls', () => {
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
      {
        type: 'function_call_output',
        call_id: 'call_b',
        output: expect.stringMatching(/^Access denied\n\n\{"retryable":false,/),
      },
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
