import { defineModule, image, text } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';
import { drawSwatch } from '../_lib/swatch.js';

// Answers with an image, not JSON: `image(bytes, mimeType)` of @apcore-mcp/core becomes an MCP
// image content item (the bytes in base64), which clients that show images display.
export default defineModule({
  name: 'Product image',
  description:
    "Draw a product's swatch: a 32x32 PNG in its category's colour, with a bar along the bottom as long as its stock.",
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
    const product = shop.products.get(String(sku));
    if (product === undefined) return text(`No product has the SKU ${String(sku)}.`);
    return image(drawSwatch(product), 'image/png');
  },
});
