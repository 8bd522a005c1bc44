import { defineEventType } from '@apcore-mcp/core';

export default defineEventType({
  name: 'order.placed',
  description: 'An order was placed: its id, what it holds and its total.',
  tags: ['orders'],
  // Every subscriber reads the payload: it names the order and its items, never the customer.
  // An agent that needs the address asks a tool, where the ACL applies.
  payloadSchema: {
    type: 'object',
    properties: {
      orderId: { type: 'string' },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: { sku: { type: 'string' }, quantity: { type: 'integer' } },
          required: ['sku', 'quantity'],
        },
      },
      totalCents: { type: 'integer' },
    },
    required: ['orderId', 'items', 'totalCents'],
    additionalProperties: false,
  },
});
