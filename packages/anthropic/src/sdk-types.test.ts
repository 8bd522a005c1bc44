import type {
  Message,
  MessageParam,
  Tool,
  ToolResultBlockParam,
  ToolUnion,
} from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createExecutor, createRegistry } from './__fixtures__/shop-executor.js';
import recorded from './__fixtures__/tool-use-response.json' with { type: 'json' };
import { dispatchAnthropicToolUse, toToolResultMessage } from './dispatch-anthropic-tool-use.js';
import { toAnthropicTools } from './to-anthropic-tools.js';
import type { AnthropicTool, AnthropicToolResultBlock } from './types.js';

// The package's own wire types against the official SDK's request and response types: `pnpm
// run typecheck` compiles this file, so a drift between them fails the build, not a user's.
describe('the wire types against @anthropic-ai/sdk', () => {
  it('produces tools the SDK takes as Tool[] and ToolUnion[]', () => {
    const tools = toAnthropicTools(createRegistry(), {
      strict: true,
      dropUnsupportedKeywords: true,
      inputExamples: true,
      cacheControl: { type: 'ephemeral', ttl: '1h' },
    });
    const asTools: Tool[] = tools;
    const asUnion: ToolUnion[] = tools;
    expectTypeOf<AnthropicTool>().toExtend<Tool>();
    expect(asTools.length + asUnion.length).toBeGreaterThan(0);
  });

  it('reads an SDK Message and answers with ToolResultBlockParam[] for a MessageParam', async () => {
    const message = recorded as unknown as Message;
    const results: ToolResultBlockParam[] = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      message,
    );
    const fromContent: ToolResultBlockParam[] = await dispatchAnthropicToolUse(
      createExecutor(() => true),
      message.content,
    );
    const next: MessageParam = toToolResultMessage(results as AnthropicToolResultBlock[]);
    expectTypeOf<AnthropicToolResultBlock>().toExtend<ToolResultBlockParam>();
    expect(next.role).toBe('user');
    expect(fromContent).toEqual(results);
  });
});
