import { defineModule } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

interface Inputs extends Record<string, unknown> {
  sku: string;
}

// Module id from the path: catalog/get-product.ts -> catalog.get_product
export default defineModule<Inputs>({
  name: 'Get product',
  description: 'Look up one product of the catalog by its SKU: name, price, stock.',
  documentation: `# Get product

Returns the catalog entry of one product. SKUs look like \`MUG-001\`: three capital letters, a
dash, three digits.

\`found\` is \`false\` (and \`product\` absent) when no product has that SKU, so the caller can
tell "no such product" from a failure.

Prices are in cents of the shop currency (see \`settings.set_preference\`).`,
  tags: ['catalog'],
  annotations: { readonly: true, idempotent: true, openWorld: false },
  // A card a host shows next to the result (MCP Apps); its button asks again through the host.
  ui: {
    file: './product-card.html',
    csp: { resourceDomains: ['https://unpkg.com'] },
    prefersBorder: true,
  },
  inputSchema: {
    type: 'object',
    properties: {
      sku: {
        type: 'string',
        pattern: '^[A-Z]{3}-[0-9]{3}$',
        description: 'The product SKU, e.g. MUG-001',
      },
    },
    required: ['sku'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      found: { type: 'boolean' },
      product: {
        type: 'object',
        properties: {
          sku: { type: 'string' },
          name: { type: 'string' },
          category: { type: 'string' },
          priceCents: { type: 'integer', minimum: 0 },
          stock: { type: 'integer', minimum: 0 },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['sku', 'name', 'category', 'priceCents', 'stock', 'tags'],
      },
    },
    required: ['found'],
  },
  examples: [
    {
      title: 'A product in stock',
      inputs: { sku: 'MUG-001' },
      output: {
        found: true,
        product: {
          sku: 'MUG-001',
          name: 'Stoneware mug',
          category: 'kitchen',
          priceCents: 1450,
          stock: 42,
          tags: ['ceramic'],
        },
      },
    },
  ],
  execute: ({ sku }) => {
    const product = shop.products.get(sku);
    return product === undefined ? { found: false } : { found: true, product: { ...product } };
  },
});
