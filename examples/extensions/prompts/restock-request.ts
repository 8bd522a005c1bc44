import { definePrompt, elicit, log } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

// A prompt that asks before it answers: which supplier to write to, and how many units. On
// 2026-07-28 the question is the answer to prompts/get (`input_required`), and `get` runs again
// from the start with the user's answer; so nothing before the question changes anything.
export default definePrompt({
  name: 'restock_request',
  title: 'Draft a restock request',
  description: 'Ask the user which supplier to write to, then draft a restock request.',
  arguments: [
    {
      name: 'sku',
      description: 'The product SKU, e.g. MUG-001',
      required: true,
      complete: (value) =>
        [...shop.products.keys()].filter((sku) => sku.startsWith(value.toUpperCase())),
    },
  ],
  get: async ({ sku = '' }, context) => {
    const product = shop.products.get(sku);
    const answer = await elicit(
      context,
      `Who supplies ${product?.name ?? sku}, and how many units should we order?`,
      {
        type: 'object',
        properties: {
          supplier: { type: 'string', title: 'Supplier' },
          quantity: { type: 'integer', title: 'Units', minimum: 1, default: 24 },
        },
        required: ['supplier'],
      },
      { key: 'supplier' },
    );
    if (answer === null) await log(context, 'info', 'No supplier given; drafting for any supplier');
    const supplier = typeof answer?.supplier === 'string' ? answer.supplier : 'our usual supplier';
    const units = typeof answer?.quantity === 'number' ? answer.quantity : 24;
    return `Write a short, polite email to ${supplier} asking to restock ${units} units of ${product?.name ?? sku} (SKU ${sku}).`;
  },
});
