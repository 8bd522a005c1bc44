import { defineModule, image, text } from '@apcore-mcp/core';
import { ACL, Executor, type ExecutorOptions, Registry } from '@apcore-mcp/runtime';

/** A tiny PNG header: enough for an image block. */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The modules the recorded responses call, on the real runtime. */
export function createRegistry(): Registry {
  const registry = new Registry();
  registry.register(
    'math.add',
    defineModule({
      description: 'Add two integers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'integer' }, b: { type: 'integer' } },
        required: ['a', 'b'],
      },
      examples: [{ title: 'Two and three', inputs: { a: 2, b: 3 }, output: { sum: 5 } }],
      execute: ({ a, b }) => ({ sum: Number(a) + Number(b) }),
    }),
  );
  registry.register(
    'math.multiply',
    defineModule({
      description: 'Multiply two integers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'integer' }, b: { type: 'integer' } },
        required: ['a', 'b'],
      },
      execute: ({ a, b }) => ({ product: Number(a) * Number(b) }),
    }),
  );
  registry.register(
    'admin.purge',
    defineModule({
      description: 'Delete everything',
      annotations: { destructive: true },
      inputSchema: {},
      execute: () => ({ purged: true }),
    }),
  );
  registry.register(
    'billing.refund',
    defineModule({
      description: 'Refund an order',
      annotations: { requiresApproval: true },
      inputSchema: {
        type: 'object',
        properties: { orderId: { type: 'string' } },
        required: ['orderId'],
      },
      execute: ({ orderId }) => ({ refunded: orderId }),
    }),
  );
  registry.register(
    'report.count',
    defineModule({
      description: 'Count up to n, streaming each step',
      annotations: { streaming: true },
      inputSchema: {
        type: 'object',
        properties: { n: { type: 'integer' } },
        required: ['n'],
      },
      async *stream({ n }) {
        for (let count = 1; count <= Number(n); count += 1) yield text(`step ${count}`);
      },
    }),
  );
  registry.register(
    'chart.draw',
    defineModule({
      description: 'Draw the sales chart',
      inputSchema: {},
      execute: () => [
        text('Sales by month:'),
        image(PNG, 'image/png'),
        image(PNG, 'image/svg+xml'),
      ],
    }),
  );
  registry.register(
    'vault.token',
    defineModule({
      description: 'Issue an API token',
      inputSchema: {},
      outputSchema: {
        type: 'object',
        properties: { user: { type: 'string' }, token: { type: 'string', 'x-sensitive': true } },
      },
      execute: () => ({ user: 'ada', token: 'sk-live-123' }),
    }),
  );
  return registry;
}

/** Everything is allowed but `admin.*`, which is denied to every caller. */
export const SHOP_ACL = ACL.fromObject({
  rules: [
    { callers: ['*'], targets: ['admin.*'], effect: 'deny' },
    { callers: ['*'], targets: ['*'], effect: 'allow' },
  ],
});

/** A real Executor over {@link createRegistry}, with the ACL and an approval handler. */
export function createExecutor(
  approve: (moduleId: string) => boolean,
  options: ExecutorOptions = {},
): Executor {
  return new Executor(createRegistry(), {
    acl: SHOP_ACL,
    approvalHandler: {
      requestApproval: ({ moduleId }) =>
        approve(moduleId) ? { status: 'approved' } : { status: 'rejected', reason: 'declined' },
    },
    ...options,
  });
}
