import { findFreePort, postModernRequest, type RpcAnswer } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

const ORDER = {
  customer: {
    name: 'Ada',
    email: 'ada@example.com',
    shippingAddress: { street: '1 Main St', city: 'Lyon', postalCode: '69001', country: 'FR' },
  },
};

async function rpc(url: string, method: string, params: Record<string, unknown>) {
  const { body } = await postModernRequest(url, method, params);
  return body satisfies RpcAnswer;
}

describe('the example shop announces its orders and low stock as events', () => {
  let server: ServerProcess;
  let url: string;

  beforeAll(async () => {
    server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort()));
    url = (await server.waitForStderr(SERVING_LINE))[2] ?? '';
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists stock.low and order.placed with their schemas and delivery modes', async () => {
    const { result } = await rpc(url, 'events/list', {});
    const events = (result?.events ?? []) as { name: string; delivery: string[] }[];
    // Beside the shop's two, the server's own: audit_stock may run as a task.
    expect(events.map((type) => type.name).sort()).toEqual([
      'apcore-mcp.task.finished',
      'order.placed',
      'stock.low',
    ]);
    expect(events.find((type) => type.name === 'stock.low')).toMatchObject({
      inputSchema: { properties: { sku: { type: 'string' } } },
      payloadSchema: { required: ['sku', 'onHand', 'threshold'] },
      delivery: expect.arrayContaining(['poll', 'push']),
    });
  });

  it('polls order.placed, and stock.low for the sku an order takes under the threshold, after place-order over the 2.x client', async () => {
    const placed = await rpc(url, 'events/poll', { name: 'order.placed', cursor: null });
    const low = await rpc(url, 'events/poll', {
      name: 'stock.low',
      arguments: { sku: 'LMP-100' },
      cursor: null,
    });
    const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
    let orderId: string;
    try {
      const result = await client.callTool('orders-place_order', {
        ...ORDER,
        items: [
          { sku: 'LMP-100', quantity: 3 },
          { sku: 'TEA-010', quantity: 1 },
        ],
      });
      expect(result.isError).toBe(false);
      orderId = (result.structuredContent as { orderId: string }).orderId;
    } finally {
      await client.close();
    }
    const orders = await rpc(url, 'events/poll', {
      name: 'order.placed',
      cursor: placed.result?.cursor,
    });
    expect(orders.result?.events).toEqual([
      expect.objectContaining({
        eventId: orderId,
        name: 'order.placed',
        data: {
          orderId,
          items: [
            { sku: 'LMP-100', quantity: 3 },
            { sku: 'TEA-010', quantity: 1 },
          ],
          totalCents: 3 * 4900 + 990,
        },
      }),
    ]);
    // The payload names the order, never the customer.
    expect(JSON.stringify(orders.result?.events)).not.toContain('ada@example.com');
    // Seven lamps less three is four, under five; the tea stays well stocked.
    const lows = await rpc(url, 'events/poll', {
      name: 'stock.low',
      arguments: { sku: 'LMP-100' },
      cursor: low.result?.cursor,
    });
    expect(lows.result?.events).toEqual([
      expect.objectContaining({ data: { sku: 'LMP-100', onHand: 4, threshold: 5 } }),
    ]);
  });

  it('announces an order placed by a 2025-11-25 client to 2026-07-28 pollers too', async () => {
    const placed = await rpc(url, 'events/poll', { name: 'order.placed', cursor: null });
    const client = await connectClient({ era: '2025-11-25', transport: 'http', url });
    try {
      const result = await client.callTool('orders-place_order', {
        ...ORDER,
        items: [{ sku: 'MUG-001', quantity: 1 }],
      });
      expect(result.isError).toBe(false);
    } finally {
      await client.close();
    }
    const orders = await rpc(url, 'events/poll', {
      name: 'order.placed',
      cursor: placed.result?.cursor,
    });
    expect(orders.result?.events).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ totalCents: 1450 }) }),
    ]);
  });
});
