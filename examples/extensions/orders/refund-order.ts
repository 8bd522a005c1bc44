import { defineModule, InvalidInputError } from '@apcore-mcp/core';
import { formatPrice, shop } from '../_lib/shop.js';

interface Inputs extends Record<string, unknown> {
  orderId: string;
  reason: 'damaged' | 'not-delivered' | 'changed-mind';
}

export default defineModule<Inputs>({
  name: 'Refund order',
  description:
    'Refund an order in full. Money leaves the shop, so a person must approve each call.',
  tags: ['orders', 'payments'],
  // requiresApproval: clients are told a human must confirm before this runs.
  annotations: { requiresApproval: true, idempotent: true, openWorld: false },
  inputSchema: {
    type: 'object',
    properties: {
      orderId: { type: 'string', pattern: '^ORD-[0-9]+$' },
      reason: { type: 'string', enum: ['damaged', 'not-delivered', 'changed-mind'] },
    },
    required: ['orderId', 'reason'],
    additionalProperties: false,
  },
  execute: ({ orderId, reason }) => {
    const order = shop.orders.get(orderId);
    if (order === undefined) throw new InvalidInputError(`No order ${orderId}`);
    // Refunding twice changes nothing: the order simply stays refunded.
    order.status = 'refunded';
    return { orderId, refunded: formatPrice(order.totalCents), reason };
  },
});
