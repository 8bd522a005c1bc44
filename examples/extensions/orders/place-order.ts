import { defineModule, emit, InvalidInputError } from '@apcore-mcp/core';
import { LOW_STOCK_THRESHOLD, shop } from '../_lib/shop.js';

interface Address {
  street: string;
  city: string;
  postalCode: string;
  country: string;
}

interface Inputs extends Record<string, unknown> {
  customer: { name: string; email: string; shippingAddress: Address };
  items: { sku: string; quantity: number }[];
  note?: string;
}

interface Output extends Record<string, unknown> {
  orderId: string;
  totalCents: number;
  lines: { sku: string; quantity: number; lineTotalCents: number }[];
}

export default defineModule<Inputs, Output>({
  name: 'Place order',
  description: 'Place an order for one or more products, shipped to the given address.',
  documentation: `# Place order

Creates an order and takes the items out of stock. Every SKU must exist and be in stock in the
requested quantity, or nothing is ordered.

The input uses nested models: a \`Customer\` with a shipping \`Address\`, and a list of
\`LineItem\`s. They are declared once under \`$defs\` and referenced with \`$ref\`; MCP clients
and OpenAI receive the schema with the references inlined.

Returns the new order id (\`ORD-1001\`, \`ORD-1002\`, ...) and the total in cents.

Subscribers hear of it: an \`order.placed\` event for the order, and a \`stock.low\` event for
each product the order takes under ${LOW_STOCK_THRESHOLD} units.`,
  tags: ['orders'],
  annotations: { openWorld: false },
  inputSchema: {
    type: 'object',
    $defs: {
      Address: {
        type: 'object',
        properties: {
          street: { type: 'string', minLength: 1 },
          city: { type: 'string', minLength: 1 },
          postalCode: { type: 'string', minLength: 1 },
          country: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' },
        },
        required: ['street', 'city', 'postalCode', 'country'],
        additionalProperties: false,
      },
      Customer: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1 },
          email: { type: 'string', format: 'email' },
          shippingAddress: { $ref: '#/$defs/Address' },
        },
        required: ['name', 'email', 'shippingAddress'],
        additionalProperties: false,
      },
      LineItem: {
        type: 'object',
        properties: {
          sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{3}$' },
          quantity: { type: 'integer', minimum: 1, maximum: 99 },
        },
        required: ['sku', 'quantity'],
        additionalProperties: false,
      },
    },
    properties: {
      customer: { $ref: '#/$defs/Customer' },
      items: { type: 'array', items: { $ref: '#/$defs/LineItem' }, minItems: 1 },
      note: { type: 'string', maxLength: 500, description: 'A note for the packer' },
    },
    required: ['customer', 'items'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      orderId: { type: 'string' },
      totalCents: { type: 'integer' },
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            sku: { type: 'string' },
            quantity: { type: 'integer' },
            lineTotalCents: { type: 'integer' },
          },
          required: ['sku', 'quantity', 'lineTotalCents'],
        },
      },
    },
    required: ['orderId', 'totalCents', 'lines'],
  },
  execute: async ({ customer, items }, context) => {
    const lines = items.map(({ sku, quantity }) => {
      const product = shop.products.get(sku);
      if (product === undefined) throw new InvalidInputError(`No product with SKU ${sku}`);
      if (product.stock < quantity) {
        throw new InvalidInputError(`Only ${product.stock} of ${sku} in stock`);
      }
      return { sku, quantity, lineTotalCents: product.priceCents * quantity };
    });
    const orderId = `ORD-${shop.nextOrderNumber++}`;
    const low: { sku: string; onHand: number }[] = [];
    for (const { sku, quantity } of lines) {
      const product = shop.products.get(sku);
      if (product === undefined) continue;
      const before = product.stock;
      product.stock -= quantity;
      if (before >= LOW_STOCK_THRESHOLD && product.stock < LOW_STOCK_THRESHOLD) {
        low.push({ sku, onHand: product.stock });
      }
    }
    const totalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const ordered = lines.map(({ sku, quantity }) => ({ sku, quantity }));
    shop.orders.set(orderId, {
      id: orderId,
      customer,
      items: ordered,
      totalCents,
      status: 'placed',
      placedAt: new Date().toISOString(),
    });
    // The order id is the event id: one order is announced once, however often this is retried.
    await emit(
      context,
      'order.placed',
      { orderId, items: ordered, totalCents },
      { eventId: orderId },
    );
    for (const { sku, onHand } of low) {
      await emit(
        context,
        'stock.low',
        { sku, onHand, threshold: LOW_STOCK_THRESHOLD },
        { eventId: `${orderId}-${sku}-low` },
      );
    }
    return { orderId, totalCents, lines };
  },
});
