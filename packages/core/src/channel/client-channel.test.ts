import { describe, expect, it, vi } from 'vitest';
import { ask, listRoots } from '../asking/ask.js';
import { formQuestion } from '../asking/questions.js';
import { MCP_ELICIT_KEY, MCP_PROGRESS_KEY } from '../mcp-context-keys.js';
import { elicit, reportProgress } from '../mcp-helpers.js';
import { log } from '../mcp-log.js';
import { becomeTask } from '../tasks/become-task.js';
import { MCP_CLIENT_CHANNEL_KEY, type McpClientChannel, toChannelData } from './client-channel.js';
import { clientChannelOf } from './client-channel-of.js';

describe('clientChannelOf', () => {
  it.each([
    ['no context', undefined],
    ['null', null],
    ['a context without data', {}],
    ['a context whose data is not an object', { data: 'text' }],
    ['a context with other data only', { data: { user: 'ada' } }],
    ['a channel that is not an object', { data: { [MCP_CLIENT_CHANNEL_KEY]: 'channel' } }],
  ])('finds no channel in %s, and the helpers behave as outside MCP', async (_label, context) => {
    expect(clientChannelOf(context)).toBeUndefined();
    await expect(reportProgress(context, 1)).resolves.toBeUndefined();
    await expect(log(context, 'info', 'hello')).resolves.toBeUndefined();
    await expect(elicit(context, 'Continue?')).resolves.toBeNull();
    await expect(listRoots(context)).resolves.toBeNull();
    await expect(becomeTask(context)).resolves.toBeUndefined();
  });

  it('leaves out the members that do not have their type', () => {
    const channel = clientChannelOf({
      data: {
        [MCP_CLIENT_CHANNEL_KEY]: {
          reportProgress: 'not a function',
          approval: { requestApproval: 'no' },
          callTimeoutMs: -5,
          inTask: 'yes',
        },
      },
    });
    expect(channel).toEqual({});
  });

  it('calls each method on the channel it was given', async () => {
    class Channel {
      readonly lines: string[] = [];
      async log(record: { message: string }): Promise<void> {
        this.lines.push(record.message);
      }
    }
    const channel = new Channel();
    await log({ data: { [MCP_CLIENT_CHANNEL_KEY]: channel } }, 'info', 'started');
    expect(channel.lines).toEqual(['started']);
  });

  it('reads the original apcore-mcp keys of a context without a channel', async () => {
    const progress = vi.fn(async () => {});
    const form = vi.fn(async () => ({ action: 'accept' as const, content: { ok: true } }));
    const context = { data: { [MCP_PROGRESS_KEY]: progress, [MCP_ELICIT_KEY]: form } };
    await reportProgress(context, 1, 2);
    expect(progress).toHaveBeenCalledWith(1, 2, undefined);
    expect(await ask(context, { go: formQuestion('Go?') })).toEqual({ go: { ok: true } });
  });
});

describe('toChannelData', () => {
  it('puts the channel and the original keys of its progress and elicitation senders', async () => {
    const channel: McpClientChannel = {
      reportProgress: async () => {},
      elicit: async () => ({ action: 'decline' }),
      callTimeoutMs: 1_000,
    };
    const data = toChannelData(channel);
    expect(data).toEqual({
      [MCP_CLIENT_CHANNEL_KEY]: channel,
      [MCP_PROGRESS_KEY]: channel.reportProgress,
      [MCP_ELICIT_KEY]: channel.elicit,
    });
    expect(clientChannelOf({ data })?.callTimeoutMs).toBe(1_000);
  });

  it('puts only the channel when it neither reports progress nor elicits', () => {
    expect(Object.keys(toChannelData({ log: async () => {} }))).toEqual([MCP_CLIENT_CHANNEL_KEY]);
  });
});
