import { describe, expect, it, vi } from 'vitest';
import {
  CALL_ATTEMPT_ENDED,
  endsCallAttempt,
  MCP_ELICIT_KEY,
  MCP_PROGRESS_KEY,
  type McpElicitSender,
  type McpProgressSender,
} from './mcp-context-keys.js';
import { elicit, reportProgress } from './mcp-helpers.js';

describe('reportProgress and elicit without an MCP call', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a context without data', {}],
    ['a context whose data is not an object', { data: 'text' }],
    ['a context whose sender is not a function', { data: { [MCP_PROGRESS_KEY]: 1 } }],
  ])('accept %s', async (_label, context) => {
    await expect(reportProgress(context, 1)).resolves.toBeUndefined();
    await expect(elicit(context, 'Continue?')).resolves.toBeNull();
  });
});

describe('reportProgress', () => {
  it('hands progress, total and message to the sender', async () => {
    const send = vi.fn<McpProgressSender>(async () => {});
    await reportProgress({ data: { [MCP_PROGRESS_KEY]: send } }, 5, 10, 'five');
    await reportProgress({ data: { [MCP_PROGRESS_KEY]: send } }, 6);
    expect(send.mock.calls).toEqual([
      [5, 10, 'five'],
      [6, undefined, undefined],
    ]);
  });

  it('swallows a failing sender', async () => {
    const send: McpProgressSender = async () => {
      throw new Error('connection closed');
    };
    await expect(
      reportProgress({ data: { [MCP_PROGRESS_KEY]: send } }, 1),
    ).resolves.toBeUndefined();
  });
});

describe('elicit', () => {
  function contextAnswering(answer: Awaited<ReturnType<McpElicitSender>>) {
    const ask = vi.fn<McpElicitSender>(async () => answer);
    return { ask, context: { data: { [MCP_ELICIT_KEY]: ask } } };
  }

  it('returns the accepted content and passes message and schema on', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    const { ask, context } = contextAnswering({ action: 'accept', content: { name: 'Ada' } });
    expect(await elicit(context, 'Your name?', schema)).toEqual({ name: 'Ada' });
    expect(ask).toHaveBeenCalledWith('Your name?', schema);
  });

  it('returns {} for an accepted answer without content', async () => {
    expect(await elicit(contextAnswering({ action: 'accept' }).context, 'OK?')).toEqual({});
  });

  it.each(['decline', 'cancel'] as const)('returns null when the user chose %s', async (action) => {
    expect(await elicit(contextAnswering({ action }).context, 'OK?')).toBeNull();
  });

  it('returns null when the request fails', async () => {
    const ask: McpElicitSender = async () => {
      throw new Error('timed out');
    };
    expect(await elicit({ data: { [MCP_ELICIT_KEY]: ask } }, 'OK?')).toBeNull();
  });

  it('lets through the error that ends a call attempt to ask the client first', async () => {
    class AskFirst extends Error {
      readonly [CALL_ATTEMPT_ENDED] = true;
    }
    const asking = new AskFirst('ask the client first');
    const ask: McpElicitSender = async () => {
      throw asking;
    };
    await expect(elicit({ data: { [MCP_ELICIT_KEY]: ask } }, 'OK?')).rejects.toBe(asking);
    expect(endsCallAttempt(asking)).toBe(true);
    expect(endsCallAttempt(new Error('timed out'))).toBe(false);
    expect(endsCallAttempt(null)).toBe(false);
  });
});
