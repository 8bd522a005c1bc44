import { defineModule, log, reportProgress } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

export default defineModule({
  name: 'Audit stock',
  description:
    'Check every product for low or missing stock, reporting progress product by product and logging what it finds.',
  tags: ['catalog'],
  // A slow walk through the warehouse: a client that takes MCP tasks gets a task to poll, with
  // the progress below as its status message; any other client a plain call.
  annotations: { readonly: true, idempotent: true, openWorld: false, taskSupport: 'optional' },
  inputSchema: {
    type: 'object',
    properties: {
      lowStockBelow: {
        type: 'integer',
        minimum: 1,
        default: 10,
        description: 'A product with fewer units than this is low on stock',
      },
    },
    additionalProperties: false,
  },
  execute: async ({ lowStockBelow = 10 }, context) => {
    const products = [...shop.products.values()];
    /** @type {{ sku: string, stock: number }[]} */
    const low = [];
    /** @type {string[]} */
    const outOfStock = [];
    for (const [index, product] of products.entries()) {
      // Stands in for a slow count in the warehouse.
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (product.stock === 0) {
        outOfStock.push(product.sku);
        // To the server's log always; to the client when it asked for warnings (see README).
        await log(context, 'warning', `${product.sku} is out of stock`, { sku: product.sku });
      } else if (product.stock < Number(lowStockBelow)) {
        low.push({ sku: product.sku, stock: product.stock });
        await log(context, 'notice', `${product.sku} is low on stock`, {
          sku: product.sku,
          stock: product.stock,
        });
      }
      // Reaches the client only when it asked for progress; a no-op for every other caller.
      await reportProgress(context, index + 1, products.length, `Counted ${product.sku}`);
    }
    await log(context, 'info', `Audited ${products.length} products`, {
      low: low.length,
      outOfStock: outOfStock.length,
    });
    return { checked: products.length, low, outOfStock };
  },
});
