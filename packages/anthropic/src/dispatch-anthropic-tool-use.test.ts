import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import groupedResponse from './__fixtures__/grouped-tool-use-response.json' with { type: 'json' };
import { createExecutor, createRegistry, PNG } from './__fixtures__/shop-executor.js';
import response from './__fixtures__/tool-use-response.json' with { type: 'json' };
import { dispatchAnthropicToolUse, toToolResultMessage } from './dispatch-anthropic-tool-use.js';
import { toAnthropicTools, toAnthropicToolsDetailed } from './to-anthropic-tools.js';
import type { AnthropicToolResultBlock } from './types.js';

function byId(results: readonly AnthropicToolResultBlock[], id: string): AnthropicToolResultBlock {
  const block = results.find((result) => result.tool_use_id === id);
  if (block === undefined) throw new Error(`no result for ${id}`);
  return block;
}

function textOf(block: AnthropicToolResultBlock): string {
  return (block.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

describe('dispatchAnthropicToolUse: a recorded response through the real Executor', () => {
  it('answers every tool_use block in order, and only those', async () => {
    const results = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      response,
    );
    expect(results.map((result) => result.tool_use_id)).toEqual([
      'toolu_01add',
      'toolu_02acl',
      'toolu_03invalid',
      'toolu_04approval',
      'toolu_05stream',
      'toolu_06image',
      'toolu_07unknown',
      'toolu_08secret',
    ]);
    expect(results.every((result) => result.type === 'tool_result')).toBe(true);
  });

  it('answers a success with its JSON as a text block and no is_error', async () => {
    const results = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      response,
    );
    expect(byId(results, 'toolu_01add')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_01add',
      content: [{ type: 'text', text: '{"sum":5}' }],
    });
  });

  it('answers an ACL refusal with is_error and "Access denied", naming no caller', async () => {
    const results = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      response,
    );
    const denied = byId(results, 'toolu_02acl');
    expect(denied.is_error).toBe(true);
    expect(textOf(denied)).toMatch(/^Access denied\n\n\{"retryable":false/);
    expect(textOf(denied)).not.toMatch(/@external|admin\.purge|ACL_DENIED|Error:/);
  });

  it('answers a validation error field by field, with is_error', async () => {
    const results = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      response,
    );
    const invalid = byId(results, 'toolu_03invalid');
    expect(invalid.is_error).toBe(true);
    expect(textOf(invalid)).toMatch(/^Input validation failed:\n- a: /);
  });

  it('runs a module that requires approval when approved, and refuses it when denied', async () => {
    const asked: string[] = [];
    const approving = createExecutor((moduleId) => {
      asked.push(moduleId);
      return true;
    });
    const approved = byId(await dispatchAnthropicToolUse(approving, response), 'toolu_04approval');
    expect(asked).toEqual(['billing.refund']);
    expect(approved).toMatchObject({ content: [{ type: 'text', text: '{"refunded":"ORD-7"}' }] });
    expect(approved).not.toHaveProperty('is_error');

    const denying = createExecutor(() => false);
    const denied = byId(await dispatchAnthropicToolUse(denying, response), 'toolu_04approval');
    expect(denied.is_error).toBe(true);
    expect(textOf(denied)).not.toMatch(/refunded/);
  });

  it('answers a streaming module with its chunks merged', async () => {
    const results = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      response,
    );
    expect(byId(results, 'toolu_05stream').content).toEqual([
      { type: 'text', text: 'step 1' },
      { type: 'text', text: 'step 2' },
      { type: 'text', text: 'step 3' },
    ]);
  });

  it('answers images as image blocks, and a type the API cannot show as text', async () => {
    const results = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      response,
    );
    const data = Buffer.from(PNG).toString('base64');
    expect(byId(results, 'toolu_06image').content).toEqual([
      { type: 'text', text: 'Sales by month:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
      { type: 'text', text: `[image: image/svg+xml, ${PNG.length} bytes]` },
    ]);
  });

  it('answers an unknown tool without executing anything', async () => {
    const results = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      response,
    );
    expect(byId(results, 'toolu_07unknown')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_07unknown',
      content: [{ type: 'text', text: 'Unknown tool: shop-launch_rockets' }],
      is_error: true,
    });
  });

  it('redacts x-sensitive output before the model reads it, unless told not to', async () => {
    const executor = createExecutor(() => true);
    const redacted = byId(await dispatchAnthropicToolUse(executor, response), 'toolu_08secret');
    expect(textOf(redacted)).toBe('{"user":"ada","token":"***REDACTED***"}');
    const plain = byId(
      await dispatchAnthropicToolUse(executor, response, { redactOutput: false }),
      'toolu_08secret',
    );
    expect(textOf(plain)).toBe('{"user":"ada","token":"sk-live-123"}');
  });

  it('answers only the offered tools when given them', async () => {
    const executor = createExecutor(() => true);
    const tools = toAnthropicTools(executor, { prefix: 'math' });
    const results = await dispatchAnthropicToolUse(executor, response.content, { tools });
    expect(textOf(byId(results, 'toolu_01add'))).toBe('{"sum":5}');
    expect(textOf(byId(results, 'toolu_06image'))).toBe('Unknown tool: chart-draw');
  });

  it('routes a grouped tool by its action and ignores thinking and server tool blocks', async () => {
    const registry = createRegistry();
    const { groups } = toAnthropicToolsDetailed(registry, { grouping: 'namespace' });
    const results = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      groupedResponse,
      {
        groups,
      },
    );
    expect(results).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_11',
        content: [{ type: 'text', text: '{"sum":3}' }],
      },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_12',
        content: [
          {
            type: 'text',
            text: '[math] Unknown action "divide". Available actions: add, multiply. Nothing was executed.',
          },
        ],
        is_error: true,
      },
    ]);
  });

  it('logs an unexpected module failure and answers with the sanitized text', async () => {
    const logger = createRecordingLogger();
    const registry = createRegistry();
    const failing = {
      registry,
      call: async () => {
        throw new Error('EACCES: permission denied, open /var/lib/app/data.db');
      },
    };
    const [result] = await dispatchAnthropicToolUse(
      failing,
      [{ type: 'tool_use', id: 'toolu_x', name: 'math-add', input: { a: 1, b: 2 } }],
      { logger },
    );
    expect(result?.is_error).toBe(true);
    expect(textOf(result as AnthropicToolResultBlock)).toMatch(/^Internal error occurred/);
    expect(textOf(result as AnthropicToolResultBlock)).not.toMatch(/EACCES|\/var\/lib/);
    const [entry] = logger.entries;
    expect(entry?.level).toBe('error');
    expect((entry?.object as { err?: Error } | undefined)?.err?.message).toMatch(/EACCES/);
  });

  it('wraps the results as the next user message', async () => {
    const results = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      response,
    );
    expect(toToolResultMessage(results)).toEqual({ role: 'user', content: results });
  });

  it('refuses input that is neither a message nor content blocks', async () => {
    await expect(
      dispatchAnthropicToolUse(
        createExecutor(() => true),
        { role: 'assistant' } as never,
      ),
    ).rejects.toThrow(/Messages API response/);
    await expect(dispatchAnthropicToolUse({} as never, [])).rejects.toThrow(/Executor/);
  });
});
