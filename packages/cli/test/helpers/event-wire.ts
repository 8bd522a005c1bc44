import { randomBytes } from 'node:crypto';

/** The event type the event tests serve, and the module that emits it. */
export const EVENT_EXTENSION_FILES: Record<string, string> = {
  'events/stock-low.ts': `import { defineEventType } from '@apcore-mcp/core';
export default defineEventType({
  name: 'stock.low',
  description: 'A SKU fell below its reorder level',
  inputSchema: { type: 'object', properties: { sku: { type: 'string' } } },
  payloadSchema: {
    type: 'object',
    properties: { sku: { type: 'string' }, onHand: { type: 'integer' } },
    required: ['sku', 'onHand'],
  },
});
`,
  'stock/report.ts': `import { defineModule, emit } from '@apcore-mcp/core';
export default defineModule({
  description: 'Reports a low stock, emitting stock.low.',
  inputSchema: {
    type: 'object',
    properties: { sku: { type: 'string' }, onHand: { type: 'integer' } },
    required: ['sku', 'onHand'],
  },
  execute: async ({ sku, onHand }, context) => {
    const emitted = await emit(context, 'stock.low', { sku, onHand });
    return { eventId: emitted?.eventId ?? null, pid: process.pid };
  },
});
`,
};

/** A fresh webhook secret, as a subscriber makes one. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
