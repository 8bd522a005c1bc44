import { defineModule } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

interface Inputs extends Record<string, unknown> {
  category?: string;
}

type Chunk = {
  categories?: Record<string, { products: number; unitsInStock: number; stockValueCents: number }>;
  orders?: { count: number; revenueCents: number };
};

/** One chunk per category, then one for the orders: a caller can show progress as they come. */
async function* summarize(inputs: Inputs): AsyncGenerator<Chunk> {
  const categories = [...new Set([...shop.products.values()].map((product) => product.category))]
    .filter((category) => inputs.category === undefined || category === inputs.category)
    .sort();
  for (const category of categories) {
    const products = [...shop.products.values()].filter((product) => product.category === category);
    // Stands in for a slow query per category.
    await new Promise((resolve) => setTimeout(resolve, 20));
    yield {
      categories: {
        [category]: {
          products: products.length,
          unitsInStock: products.reduce((sum, product) => sum + product.stock, 0),
          stockValueCents: products.reduce(
            (sum, product) => sum + product.stock * product.priceCents,
            0,
          ),
        },
      },
    };
  }
  const placed = [...shop.orders.values()].filter((order) => order.status === 'placed');
  yield {
    orders: {
      count: placed.length,
      revenueCents: placed.reduce((sum, order) => sum + order.totalCents, 0),
    },
  };
}

export default defineModule<Inputs>({
  name: 'Sales summary',
  description: 'Summarize stock and sales, category by category, streaming partial results.',
  tags: ['reports'],
  annotations: { readonly: true, streaming: true, openWorld: false },
  inputSchema: {
    type: 'object',
    properties: {
      category: { type: 'string', description: 'Only this category (default: all)' },
    },
    additionalProperties: false,
  },
  stream: summarize,
  // Callers that do not stream (a plain tools/call, an OpenAI tool call) get the whole summary.
  execute: async (inputs) => {
    const summary: Required<Chunk> = { categories: {}, orders: { count: 0, revenueCents: 0 } };
    for await (const chunk of summarize(inputs)) {
      Object.assign(summary.categories, chunk.categories);
      if (chunk.orders !== undefined) summary.orders = chunk.orders;
    }
    return summary;
  },
});
