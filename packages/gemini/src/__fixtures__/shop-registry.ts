import { defineModule, image, text } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';

/** A PNG's first bytes: enough for a module returning an image. */
export const PNG_BASE64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString(
  'base64',
);

/** A small shop: a lookup, an order, an admin purge, a streaming report, an image, a secret. */
export function createShopRegistry(): Registry {
  const registry = new Registry();
  registry.register(
    'catalog.get_product',
    defineModule({
      description: 'Look up a product by SKU',
      tags: ['shop'],
      annotations: { readonly: true },
      inputSchema: {
        type: 'object',
        properties: { sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{3}$' } },
        required: ['sku'],
      },
      execute: ({ sku }) => ({ sku, name: 'Stoneware mug', priceCents: 990 }),
    }),
  );
  registry.register(
    'orders.place',
    defineModule({
      description: 'Place an order',
      tags: ['shop'],
      inputSchema: {
        type: 'object',
        properties: {
          sku: { type: 'string' },
          quantity: { type: 'integer', minimum: 1 },
          gift: { type: ['boolean', 'null'] },
        },
        required: ['sku', 'quantity'],
        additionalProperties: false,
      },
      execute: ({ sku, quantity }) => ({ orderId: 'ORD-1', sku, quantity }),
    }),
  );
  registry.register(
    'orders.cancel',
    defineModule({
      description: 'Cancel an order',
      tags: ['shop'],
      inputSchema: {
        type: 'object',
        properties: { orderId: { type: 'string' } },
        required: ['orderId'],
      },
      execute: ({ orderId }) => ({ orderId, cancelled: true }),
    }),
  );
  registry.register(
    'admin.purge',
    defineModule({
      description: 'Delete everything',
      annotations: { destructive: true, requiresApproval: true },
      inputSchema: { type: 'object', properties: {} },
      execute: () => ({ purged: true }),
    }),
  );
  registry.register(
    'reports.stream',
    defineModule({
      description: 'Stream a sales report',
      annotations: { streaming: true },
      inputSchema: { type: 'object', properties: {} },
      async *stream() {
        yield { january: 10 };
        yield { february: 20 };
      },
      execute: () => ({ january: 10, february: 20 }),
    }),
  );
  registry.register(
    'media.card',
    defineModule({
      description: 'A product card with a picture',
      inputSchema: { type: 'object', properties: {} },
      execute: () => [text('Stoneware mug, 9.90 EUR'), image(PNG_BASE64, 'image/png')],
    }),
  );
  registry.register(
    'account.token',
    defineModule({
      description: 'Issue an API token',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: {
        type: 'object',
        properties: { user: { type: 'string' }, token: { type: 'string', 'x-sensitive': true } },
      },
      execute: () => ({ user: 'ada', token: 'tok-123', _secret_seed: 'xyz' }),
    }),
  );
  return registry;
}
