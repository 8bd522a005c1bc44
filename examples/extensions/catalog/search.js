import { defineModule } from '@apcore-mcp/core';
import { formatPrice, shop } from '../_lib/shop.js';

// A JavaScript module: same shape as the TypeScript ones, no build step.
export default defineModule({
  name: 'Search products',
  description: 'Find products by words in their name, optionally within a category or price limit.',
  tags: ['catalog'],
  annotations: { readonly: true, idempotent: true, openWorld: false },
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words to look for in the product name (any case)' },
      category: { type: 'string', enum: ['kitchen', 'pantry', 'home'] },
      maxPriceCents: { type: 'integer', minimum: 0 },
      inStockOnly: { type: 'boolean', default: false },
    },
    additionalProperties: false,
  },
  execute: (inputs) => {
    const words = String(inputs.query ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    const matches = [...shop.products.values()].filter(
      (product) =>
        words.every((word) => product.name.toLowerCase().includes(word)) &&
        (inputs.category === undefined || product.category === inputs.category) &&
        (inputs.maxPriceCents === undefined ||
          product.priceCents <= Number(inputs.maxPriceCents)) &&
        (inputs.inStockOnly !== true || product.stock > 0),
    );
    return {
      count: matches.length,
      products: matches.map(({ sku, name, priceCents, stock }) => ({
        sku,
        name,
        price: formatPrice(priceCents),
        inStock: stock > 0,
      })),
    };
  },
});
