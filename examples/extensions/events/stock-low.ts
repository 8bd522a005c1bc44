import { defineEventType } from '@apcore-mcp/core';
import { LOW_STOCK_THRESHOLD } from '../_lib/shop.js';

export default defineEventType({
  name: 'stock.low',
  description: `A product's stock fell under ${LOW_STOCK_THRESHOLD} after an order: time to restock it.`,
  tags: ['orders'],
  // A subscription with { sku: 'LMP-100' } hears of that product only; without it, of every one.
  inputSchema: {
    type: 'object',
    properties: { sku: { type: 'string', description: 'Only this product, e.g. LMP-100' } },
    additionalProperties: false,
  },
  payloadSchema: {
    type: 'object',
    properties: {
      sku: { type: 'string' },
      onHand: { type: 'integer', minimum: 0, description: 'Units left in stock' },
      threshold: { type: 'integer', description: 'The level it fell under' },
    },
    required: ['sku', 'onHand', 'threshold'],
    additionalProperties: false,
  },
});
