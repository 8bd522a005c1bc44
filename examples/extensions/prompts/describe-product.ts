import { definePrompt } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

// A prompt: messages a client offers its user to send to a model (a slash command in many
// clients). The server checks the arguments first: `sku` is there, `tone` is one of its values.
export default definePrompt({
  name: 'describe_product',
  title: 'Describe a product',
  description: 'Ask for a short shop description of one product, with its catalog entry attached.',
  arguments: [
    { name: 'sku', description: 'The product SKU, e.g. MUG-001', required: true },
    { name: 'tone', description: 'How it should sound', enum: ['friendly', 'formal'] },
  ],
  get: ({ sku = '', tone = 'friendly' }) => {
    const product = shop.products.get(sku);
    return [
      {
        role: 'user',
        // The catalog entry as an embedded resource, the way resources/read would give it.
        content: {
          type: 'resource',
          resource: {
            uri: `shop://products/${sku}`,
            mimeType: 'application/json',
            text: JSON.stringify(product ?? { found: false, sku }),
          },
        },
      },
      { role: 'user', content: `Write a ${tone} two-sentence description of this product.` },
    ];
  },
});
