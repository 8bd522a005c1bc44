import { defineModule, embeddedResource, image, text } from '@apcore-mcp/core';
import { formatPrice, shop } from '../_lib/shop.js';
import { drawSwatch } from '../_lib/swatch.js';

interface Inputs extends Record<string, unknown> {
  sku: string;
}

// Mixed content: an array of result helpers becomes one content item each, in order — a line of
// text for the model, the swatch for a person, and the product record as an embedded JSON
// resource for a client that keeps it.
export default defineModule<Inputs>({
  name: 'Product card',
  description:
    'Show a product as a card: a line of text, its swatch image and its catalog record as JSON.',
  tags: ['media'],
  annotations: { readonly: true, idempotent: true, openWorld: false },
  inputSchema: {
    type: 'object',
    properties: {
      sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{3}$', description: 'e.g. MUG-001' },
    },
    required: ['sku'],
    additionalProperties: false,
  },
  execute: ({ sku }) => {
    const product = shop.products.get(sku);
    if (product === undefined) return `No product has the SKU ${sku}.`;
    const stock = product.stock === 0 ? 'out of stock' : `${product.stock} in stock`;
    const currency = shop.preferences.get('currency') ?? 'EUR';
    return [
      text(`${product.name}: ${formatPrice(product.priceCents)} ${currency}, ${stock}.`),
      image(drawSwatch(product), 'image/png'),
      embeddedResource({
        uri: `shop://products/${product.sku}`,
        mimeType: 'application/json',
        text: JSON.stringify(product),
      }),
    ];
  },
});
