import { defineEventType, defineModule, emit } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { postModernRequest, type RpcAnswer } from '@apcore-mcp/test-support';

/** `stock.low`, selected by an optional `sku` argument. */
export const STOCK_LOW = defineEventType({
  name: 'stock.low',
  description: 'A SKU fell below its reorder level',
  inputSchema: {
    type: 'object',
    properties: { sku: { type: 'string' } },
    additionalProperties: false,
  },
  payloadSchema: {
    type: 'object',
    properties: { sku: { type: 'string' }, onHand: { type: 'integer' } },
    required: ['sku', 'onHand'],
  },
});

/** `order.placed`, with no arguments. */
export const ORDER_PLACED = defineEventType({
  name: 'order.placed',
  description: 'An order was placed',
  payloadSchema: { type: 'object', properties: { orderId: { type: 'string' } } },
});

/**
 * A registry whose `stock.report` module emits `stock.low` for the `sku`/`onHand` it is given
 * (under `eventId` when given), and whose `orders.place` emits `order.placed`.
 */
export function createEventRegistry(): Registry {
  const registry = new Registry();
  registry.register(
    'stock.report',
    defineModule({
      description: 'Reports a low stock',
      inputSchema: {
        type: 'object',
        properties: {
          sku: { type: 'string' },
          onHand: {},
          eventId: { type: 'string' },
        },
        required: ['sku', 'onHand'],
      },
      execute: async (inputs, context) => {
        const { sku, onHand, eventId } = inputs as {
          sku: string;
          onHand: unknown;
          eventId?: string;
        };
        const emitted = await emit(
          context,
          'stock.low',
          { sku, onHand },
          eventId === undefined ? {} : { eventId },
        );
        return { eventId: emitted?.eventId ?? null };
      },
    }),
  );
  registry.register(
    'orders.place',
    defineModule({
      description: 'Places an order',
      inputSchema: {
        type: 'object',
        properties: { orderId: { type: 'string' } },
        required: ['orderId'],
      },
      execute: async (inputs, context) => {
        const { orderId } = inputs as { orderId: string };
        return { eventId: (await emit(context, 'order.placed', { orderId }))?.eventId ?? null };
      },
    }),
  );
  return registry;
}

/** One `events/*` request (2026-07-28, over fetch); resolves to its JSON-RPC answer. */
export async function eventRequest(
  url: string,
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<RpcAnswer> {
  return (await postModernRequest(url, method, params, { headers })).body;
}

/** `events/poll`'s result, or a failure naming the JSON-RPC error. */
export async function poll(
  url: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<PollAnswer> {
  const answer = await eventRequest(url, 'events/poll', params, headers);
  if (answer.result === undefined)
    throw new Error(`events/poll failed: ${JSON.stringify(answer.error)}`);
  return answer.result as unknown as PollAnswer;
}

/** What `events/poll` answers. */
export interface PollAnswer {
  events: { eventId: string; name: string; timestamp: string; data: Record<string, unknown> }[];
  cursor: string | null;
  truncated: boolean;
  hasMore: boolean;
  nextPollMs: number;
}
