import { defineResourceTemplate } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

// A family of resources, one per product: shop://products/MUG-001, shop://products/TEA-010...
// The template's variables arrive as `params`; `complete` suggests SKUs as the user types one.
export default defineResourceTemplate({
  uriTemplate: 'shop://products/{sku}',
  name: 'product',
  title: 'Product',
  description: 'One product of the catalog, as JSON.',
  mimeType: 'application/json',
  read: ({ sku = '' }) => {
    const product = shop.products.get(sku);
    if (product === undefined) return JSON.stringify({ found: false, sku });
    return JSON.stringify({ found: true, product });
  },
  complete: {
    sku: (value) => [...shop.products.keys()].filter((sku) => sku.startsWith(value.toUpperCase())),
  },
});
