import { defineModule, InvalidInputError } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

export default defineModule({
  name: 'Cancel order',
  description: 'Cancel an order: delete it and put its items back in stock. Cannot be undone.',
  tags: ['orders'],
  // Deleting is destructive; deleting the same order twice fails the second time, so it is not
  // idempotent either.
  annotations: { destructive: true, openWorld: false },
  inputSchema: {
    type: 'object',
    properties: {
      orderId: { type: 'string', pattern: '^ORD-[0-9]+$', description: 'e.g. ORD-1001' },
    },
    required: ['orderId'],
    additionalProperties: false,
  },
  execute: ({ orderId }) => {
    const order = shop.orders.get(String(orderId));
    if (order === undefined) throw new InvalidInputError(`No order ${orderId}`);
    if (order.status === 'refunded') {
      throw new InvalidInputError(`Order ${orderId} was refunded and can no longer be cancelled`);
    }
    for (const { sku, quantity } of order.items) {
      const product = shop.products.get(sku);
      if (product !== undefined) product.stock += quantity;
    }
    shop.orders.delete(order.id);
    return { cancelled: order.id, restocked: order.items };
  },
});
