import { describe, expect, it, vi } from 'vitest';
import { MCP_CLIENT_CHANNEL_KEY } from './channel/client-channel.js';
import { log } from './mcp-log.js';
import {
  isMcpLogLevel,
  MCP_LOG_LEVELS,
  type McpLogLevel,
  type McpLogSender,
} from './mcp-log-record.js';

function contextWith(send: McpLogSender, fields: Record<string, unknown> = {}) {
  return { ...fields, data: { [MCP_CLIENT_CHANNEL_KEY]: { log: send } } };
}

describe('log without an MCP call', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a context without data', {}],
    [
      'a context whose sender is not a function',
      { data: { [MCP_CLIENT_CHANNEL_KEY]: { log: 'nope' } } },
    ],
  ])('does nothing for %s', async (_label, context) => {
    await expect(log(context, 'info', 'hello')).resolves.toBeUndefined();
  });
});

describe('log', () => {
  it('hands level, message, data and the logging module and trace to the sender', async () => {
    const send = vi.fn<McpLogSender>(async () => {});
    const context = contextWith(send, { callChain: ['csv.import', 'csv.parse'], traceId: 't-1' });
    await log(context, 'warning', 'Rows skipped', { count: 2 });
    expect(send).toHaveBeenCalledWith({
      level: 'warning',
      message: 'Rows skipped',
      data: { count: 2 },
      moduleId: 'csv.parse',
      traceId: 't-1',
    });
  });

  it('leaves out what it was not given and what the context does not say', async () => {
    const send = vi.fn<McpLogSender>(async () => {});
    await log(contextWith(send, { callChain: 'not a list', traceId: 7 }), 'debug', 'plain');
    expect(send).toHaveBeenCalledWith({ level: 'debug', message: 'plain' });
  });

  it('passes null data on: the module gave it', async () => {
    const send = vi.fn<McpLogSender>(async () => {});
    await log(contextWith(send), 'info', 'with null', null);
    expect(send.mock.calls[0]?.[0]).toHaveProperty('data', null);
  });

  it.each(MCP_LOG_LEVELS)('accepts the level %s', async (level) => {
    const send = vi.fn<McpLogSender>(async () => {});
    await log(contextWith(send), level, 'x');
    expect(send.mock.calls[0]?.[0].level).toBe(level);
  });

  it.each([['warn'], ['INFO'], ['fatal'], [''], [undefined], [3]])(
    'throws a TypeError naming the levels for %j, sending nothing',
    (level) => {
      const send = vi.fn<McpLogSender>(async () => {});
      expect(() => log(contextWith(send), level as McpLogLevel, 'x')).toThrow(TypeError);
      expect(() => log(contextWith(send), level as McpLogLevel, 'x')).toThrow(
        'expected one of debug, info, notice, warning, error, critical, alert, emergency',
      );
      expect(send).not.toHaveBeenCalled();
    },
  );

  it('throws for a bad level even without an MCP call: the mistake is in the module', () => {
    expect(() => log(undefined, 'verbose' as McpLogLevel, 'x')).toThrow(
      'log(): unknown level "verbose"',
    );
  });

  it('throws a TypeError for a message that is not a string', () => {
    expect(() => log(undefined, 'info', { text: 'x' } as unknown as string)).toThrow(
      'log(): message must be a string, got object',
    );
  });

  it('swallows a sender that rejects or throws', async () => {
    const rejecting: McpLogSender = async () => {
      throw new Error('connection closed');
    };
    const throwing = (() => {
      throw new Error('not async');
    }) as unknown as McpLogSender;
    await expect(log(contextWith(rejecting), 'error', 'x')).resolves.toBeUndefined();
    await expect(log(contextWith(throwing), 'error', 'x')).resolves.toBeUndefined();
  });
});

describe('isMcpLogLevel', () => {
  it('knows the eight RFC 5424 levels, least severe first, and nothing else', () => {
    expect(MCP_LOG_LEVELS).toEqual([
      'debug',
      'info',
      'notice',
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
    ]);
    expect(MCP_LOG_LEVELS.every(isMcpLogLevel)).toBe(true);
    expect(isMcpLogLevel('warn')).toBe(false);
    expect(isMcpLogLevel(null)).toBe(false);
  });
});
