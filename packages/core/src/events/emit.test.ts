import { describe, expect, it } from 'vitest';
import { type McpClientChannel, toChannelData } from '../channel/client-channel.js';
import { clientChannelOf } from '../channel/client-channel-of.js';
import { emit } from './emit.js';
import type { EmitOptions } from './event-emitter.js';

function contextWith(channel: McpClientChannel): { data: Record<string, unknown> } {
  return { data: toChannelData(channel) };
}

describe('emit', () => {
  it('resolves undefined outside an MCP call, storing nothing', async () => {
    expect(await emit(undefined, 'stock.low', { sku: 'a' })).toBeUndefined();
    expect(await emit(null, 'stock.low', { sku: 'a' })).toBeUndefined();
    expect(await emit({ data: {} }, 'stock.low', { sku: 'a' })).toBeUndefined();
    expect(await emit(contextWith({ callTimeoutMs: 10 }), 'stock.low', {})).toBeUndefined();
  });

  it("goes through the call's channel, with the eventId given", async () => {
    const seen: [string, Record<string, unknown>, EmitOptions | undefined][] = [];
    const context = contextWith({
      emitEvent: async (name, data, options) => {
        seen.push([name, data, options]);
        return { eventId: options?.eventId ?? 'evt_made' };
      },
    });
    expect(await emit(context, 'stock.low', { sku: 'a' }, { eventId: 'low-a' })).toEqual({
      eventId: 'low-a',
    });
    expect(await emit(context, 'stock.low', { sku: 'b' })).toEqual({ eventId: 'evt_made' });
    expect(seen).toEqual([
      ['stock.low', { sku: 'a' }, { eventId: 'low-a' }],
      ['stock.low', { sku: 'b' }, {}],
    ]);
  });

  it("rejects with what the channel's emitter throws (an unknown type, a payload)", async () => {
    const context = contextWith({
      emitEvent: async () => {
        throw new Error('Unknown event type: stock.lwo');
      },
    });
    await expect(emit(context, 'stock.lwo', {})).rejects.toThrow('Unknown event type');
  });

  it.each([
    [42, {}, {}, 'emit: name must be a non-empty string, got a number'],
    ['a', [], {}, 'emit: data must be an object, got an array'],
    ['a', {}, { eventId: '' }, 'emit: eventId must be a non-empty string'],
    ['a', {}, null, 'emit: options must be an object, got null'],
  ])('refuses name %j, data %j, options %j', async (name, data, options, message) => {
    await expect(emit(undefined, name as never, data as never, options as never)).rejects.toThrow(
      message,
    );
  });

  it("keeps a channel's emitEvent when read back, and drops one of the wrong type", () => {
    const emitEvent = async () => ({ eventId: 'e' });
    expect(typeof clientChannelOf(contextWith({ emitEvent }))?.emitEvent).toBe('function');
    const wrong = { data: { _mcp_channel: { emitEvent: 'no' } } };
    expect(clientChannelOf(wrong)?.emitEvent).toBeUndefined();
  });
});
