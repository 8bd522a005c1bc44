import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import { createGroupedRuntime } from '../../src/__fixtures__/grouped-modules.js';
import { type ServeOptions, type ServerHandle, startServer } from '../../src/index.js';

const ERAS: readonly ClientEra[] = ['2025-11-25', '2026-07-28'];

describe.each(ERAS)('grouped tools over Streamable HTTP (%s client)', (era) => {
  const servers: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.allSettled(servers.splice(0).map((server) => server.close()));
  });

  async function connect(options: ServeOptions = {}) {
    const { executor, probe } = createGroupedRuntime();
    const logger = createRecordingLogger();
    const server = await startServer(executor, {
      transport: 'streamable-http',
      port: 0,
      logger,
      grouping: 'namespace',
      ...options,
    });
    servers.push(server);
    const client = await connectClient({ era, transport: 'http', url: server.url ?? '' });
    return { client, probe, logger };
  }

  it('lists one tool per namespace, with the action enum, tiers, warnings and per-action _meta', async () => {
    const { client } = await connect();
    try {
      const tools = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['health-ping', 'orders']);
      const orders = tools[1];
      expect(orders?.inputSchema).toMatchObject({
        required: ['action'],
        additionalProperties: false,
        properties: {
          action: { type: 'string', enum: ['cancel_order', 'get_order', 'place_order'] },
          item: { type: 'string', description: 'What to order. Required for: place_order' },
          order_id: { type: 'string', description: 'Required for: cancel_order, get_order' },
          note: { description: 'For: place_order' },
        },
      });
      expect(orders?.description).toContain(
        '- cancel_order: Cancel an order. Requires: order_id. ⚠️ DESTRUCTIVE',
      );
      expect(orders?.annotations).toMatchObject({
        destructiveHint: true,
        readOnlyHint: false,
        idempotentHint: false,
      });
      expect(orders?._meta?.['apcore/actions']).toMatchObject({
        cancel_order: { moduleId: 'orders.cancel_order', requiresApproval: true },
        get_order: { moduleId: 'orders.get_order', requiresApproval: false },
      });
    } finally {
      await client.close();
    }
  });

  it('runs the action’s module with the arguments without action', async () => {
    const { client, probe } = await connect();
    try {
      const result = await client.callTool('orders', {
        action: 'place_order',
        item: 'pen',
        quantity: 2,
      });
      expect(result.isError).toBe(false);
      expect(JSON.parse(firstText(result))).toEqual({ placed: 'pen', quantity: 2 });
      expect(probe.ran).toEqual([
        { moduleId: 'orders.place_order', inputs: { item: 'pen', quantity: 2 } },
      ]);
    } finally {
      await client.close();
    }
  });

  it('answers a missing or unknown action with the available actions, running nothing', async () => {
    const { client, probe } = await connect();
    try {
      const missing = await client.callTool('orders', { item: 'pen' });
      expect(missing.isError).toBe(true);
      expect(firstText(missing)).toBe(
        '[orders] Invalid input: action is required. Available actions: cancel_order, get_order, place_order',
      );
      const unknown = await client.callTool('orders', { action: 'ship_order' });
      expect(firstText(unknown)).toBe(
        '[orders] Invalid input: Unknown action "ship_order". Available actions: cancel_order, get_order, place_order',
      );
      expect(probe.ran).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('refuses a field the action does not declare, and checks the action’s own schema', async () => {
    const { client, probe } = await connect();
    try {
      // `reason` belongs to cancel_order: the merged schema has it, get_order does not.
      const unknownField = await client.callTool('orders', {
        action: 'get_order',
        order_id: 'o-1',
        reason: 'x',
      });
      expect(unknownField.isError).toBe(true);
      expect(firstText(unknownField)).toBe(
        '[orders/get_order] Invalid input: Unknown field for get_order: reason. Its fields: order_id',
      );
      const invalid = await client.callTool('orders', { action: 'place_order', item: 'pen' });
      expect(invalid.isError).toBe(true);
      expect(firstText(invalid)).toMatch(/^\[orders\/place_order\] Input validation failed/);
      expect(firstText(invalid)).toContain('quantity');
      expect(probe.ran).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('asks approval for the action that requires it, naming its module', async () => {
    const { client, probe } = await connect();
    try {
      const asked: string[] = [];
      const approved = await client.callTool(
        'orders',
        { action: 'cancel_order', order_id: 'o-7' },
        {
          onElicit: (request) => {
            asked.push(request.message);
            return { action: 'accept', content: { confirm: true } };
          },
        },
      );
      expect(asked).toEqual([expect.stringMatching(/^Approve running orders\.cancel_order\?/)]);
      expect(JSON.parse(firstText(approved))).toEqual({ cancelled: 'o-7' });
      const declined = await client.callTool(
        'orders',
        { action: 'cancel_order', order_id: 'o-8' },
        { onElicit: () => ({ action: 'decline' }) },
      );
      expect(firstText(declined)).toBe('[orders/cancel_order] Approval denied');
      // Reading needs no approval: no question is asked.
      const read = await client.callTool(
        'orders',
        { action: 'get_order', order_id: 'o-7' },
        { onElicit: () => Promise.reject(new Error('must not ask')) },
      );
      expect(read.isError).toBe(false);
      expect(probe.ran.map((run) => run.moduleId)).toEqual([
        'orders.cancel_order',
        'orders.get_order',
      ]);
    } finally {
      await client.close();
    }
  });
});

describe("grouping: 'auto'", () => {
  const servers: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.allSettled(servers.splice(0).map((server) => server.close()));
  });

  async function listNames(maxTools: number): Promise<string[]> {
    const { executor } = createGroupedRuntime();
    const server = await startServer(executor, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      // Modes are case-insensitive for callers that read them from text.
      ...({ grouping: 'AUTO' } as unknown as ServeOptions),
      maxTools,
    });
    servers.push(server);
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: server.url ?? '',
    });
    try {
      return (await client.listTools()).map((tool) => tool.name);
    } finally {
      await client.close();
    }
  }

  it('keeps one tool per module up to maxTools, and groups once the modules exceed it', async () => {
    const plain = ['health-ping', 'orders-cancel_order', 'orders-get_order', 'orders-place_order'];
    expect(await listNames(4)).toEqual(plain);
    expect(await listNames(3)).toEqual(['health-ping', 'orders']);
  });
});
