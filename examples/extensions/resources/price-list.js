import { defineResource } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

// Not a module: a resource, served at its own URI beside the modules' docs:// resources. It is
// read afresh on every resources/read, so it follows prices and stock as orders come in.
export default defineResource({
  uri: 'shop://price-list',
  name: 'price-list',
  title: 'Price list',
  description: 'Every product of the catalog with its price and stock, as CSV.',
  mimeType: 'text/csv',
  read: () => {
    const rows = [...shop.products.values()].map(
      (product) => `${product.sku},"${product.name}",${product.priceCents},${product.stock}`,
    );
    return ['sku,name,price_cents,stock', ...rows].join('\n');
  },
});
