import { defineModule } from '@apcore-mcp/core';
import { Executor, type ExecutorOptions, Registry } from '@apcore-mcp/runtime';

/** What the modules of {@link createGroupedRuntime} let a test observe. */
export interface GroupedProbe {
  /** Each run: the module id and the inputs it received. */
  ran: Array<{ moduleId: string; inputs: Record<string, unknown> }>;
}

/**
 * A registry whose `orders` namespace holds three modules (one destructive and requiring
 * approval) beside a lone `health.ping`, and a core executor over it.
 */
export function createGroupedRuntime(options: ExecutorOptions = {}) {
  const probe: GroupedProbe = { ran: [] };
  const registry = new Registry();
  const record = (moduleId: string, inputs: Record<string, unknown>) => {
    probe.ran.push({ moduleId, inputs: { ...inputs } });
  };
  registry.register(
    'orders.place_order',
    defineModule({
      description: 'Place an order.',
      inputSchema: {
        type: 'object',
        properties: {
          item: { type: 'string', description: 'What to order' },
          quantity: { type: 'integer', minimum: 1 },
          note: { type: 'string' },
        },
        required: ['item', 'quantity'],
      },
      execute: (inputs) => {
        record('orders.place_order', inputs);
        return { placed: inputs.item, quantity: inputs.quantity };
      },
    }),
  );
  registry.register(
    'orders.cancel_order',
    defineModule({
      description: 'Cancel an order.',
      documentation: 'Cancelling deletes the order and restocks its items.',
      annotations: { destructive: true, requiresApproval: true },
      inputSchema: {
        type: 'object',
        properties: { order_id: { type: 'string' }, reason: { type: 'string' } },
        required: ['order_id'],
      },
      execute: (inputs) => {
        record('orders.cancel_order', inputs);
        return { cancelled: inputs.order_id };
      },
    }),
  );
  registry.register(
    'orders.get_order',
    defineModule({
      description: 'Read one order.',
      annotations: { readonly: true, idempotent: true },
      inputSchema: {
        type: 'object',
        properties: { order_id: { type: 'string', description: 'The order' } },
        required: ['order_id'],
      },
      execute: (inputs) => {
        record('orders.get_order', inputs);
        return { order_id: inputs.order_id, status: 'open' };
      },
    }),
  );
  registry.register(
    'health.ping',
    defineModule({
      description: 'Answers pong.',
      annotations: { readonly: true },
      inputSchema: { type: 'object', properties: {} },
      execute: () => ({ pong: true }),
    }),
  );
  return { registry, executor: new Executor(registry, options), probe };
}
