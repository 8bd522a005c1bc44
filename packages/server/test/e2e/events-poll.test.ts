import { createRecordingLogger, postModernRequest } from '@apcore-mcp/test-support';
import type { Client } from '@modelcontextprotocol/client';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { connectModernStreamable, connectStreamable } from '../helpers/clients.js';
import {
  createEventRegistry,
  eventRequest,
  ORDER_PLACED,
  poll,
  STOCK_LOW,
} from '../helpers/event-requests.js';

describe('events over Streamable HTTP: list and poll', () => {
  let server: ServerHandle;
  let url: string;
  let client: Client;
  let toolOf: (moduleId: string) => string;

  beforeAll(async () => {
    server = await startServer(createEventRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      eventTypes: [STOCK_LOW, ORDER_PLACED],
      eventMaxBatch: 3,
      eventPollIntervalMs: 1500,
    });
    url = server.url ?? '';
    client = await connectModernStreamable(url);
    const { tools } = await client.listTools();
    toolOf = (moduleId) =>
      tools.find((tool) => tool.name.startsWith(moduleId.split('.')[0] ?? ''))?.name ?? '';
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  const report = (sku: string, onHand: number, eventId?: string) =>
    client.callTool({
      name: toolOf('stock.report'),
      arguments: { sku, onHand, ...(eventId === undefined ? {} : { eventId }) },
    });

  it('declares the extension and the top-level events capability on 2026-07-28', async () => {
    // Read raw: the SDK client's schema keeps only the keys it knows.
    const { body } = await postModernRequest(url, 'server/discover', {});
    expect(body.result?.capabilities).toMatchObject({
      extensions: { 'io.modelcontextprotocol/events': {} },
      events: {},
    });
  });

  it('lists the types with their schemas and the modes an unauthenticated caller may use', async () => {
    const answer = await eventRequest(url, 'events/list', {});
    expect(answer.result).toMatchObject({
      resultType: 'complete',
      events: [
        {
          name: 'stock.low',
          description: 'A SKU fell below its reorder level',
          delivery: ['poll', 'push'],
          inputSchema: STOCK_LOW.inputSchema,
          payloadSchema: STOCK_LOW.payloadSchema,
        },
        { name: 'order.placed', delivery: ['poll', 'push'] },
      ],
    });
  });

  it('polls from now, then gets what a tool call emitted after, filtered by its arguments', async () => {
    const start = await poll(url, { name: 'stock.low', arguments: { sku: 'A-1' }, cursor: null });
    expect(start).toMatchObject({ events: [], truncated: false, hasMore: false, nextPollMs: 1500 });
    expect(typeof start.cursor).toBe('string');
    await report('B-2', 1);
    await report('A-1', 2);
    const next = await poll(url, {
      name: 'stock.low',
      arguments: { sku: 'A-1' },
      cursor: start.cursor,
    });
    expect(next.events).toMatchObject([{ name: 'stock.low', data: { sku: 'A-1', onHand: 2 } }]);
    expect(next.events[0]?.eventId).toMatch(/^evt_[a-z2-7]{26}$/);
    expect(next.truncated).toBe(false);
    const again = await poll(url, {
      name: 'stock.low',
      arguments: { sku: 'A-1' },
      cursor: next.cursor,
    });
    expect(again.events).toEqual([]);
  });

  it('answers at most the batch, with hasMore, and goes on from the cursor', async () => {
    const start = await poll(url, { name: 'stock.low', cursor: null });
    for (let index = 0; index < 5; index += 1) await report(`P-${index}`, index);
    const first = await poll(url, { name: 'stock.low', cursor: start.cursor, maxEvents: 50 });
    expect(first.events.map((event) => event.data.sku)).toEqual(['P-0', 'P-1', 'P-2']);
    expect(first.hasMore).toBe(true);
    const rest = await poll(url, { name: 'stock.low', cursor: first.cursor });
    expect(rest.events.map((event) => event.data.sku)).toEqual(['P-3', 'P-4']);
    expect(rest.hasMore).toBe(false);
  });

  it('stores an eventId once', async () => {
    const start = await poll(url, { name: 'stock.low', cursor: null });
    await report('D-1', 1, 'upstream-1');
    await report('D-1', 1, 'upstream-1');
    const read = await poll(url, { name: 'stock.low', cursor: start.cursor });
    expect(read.events.map((event) => event.eventId)).toEqual(['upstream-1']);
  });

  it('answers a forged cursor or one of another type with a gap from now, never the backlog', async () => {
    const orders = await poll(url, { name: 'order.placed', cursor: null });
    await report('F-1', 1);
    const start = await poll(url, { name: 'stock.low', cursor: null });
    const tampered = `${start.cursor?.slice(0, -2)}AA`;
    for (const cursor of [orders.cursor, tampered, 'c1.e30.AAAA', 'garbage']) {
      const answer = await poll(url, { name: 'stock.low', cursor });
      expect(answer).toMatchObject({ events: [], truncated: true });
    }
  });

  it('refuses an unknown type, bad arguments and bad params with the SEP codes', async () => {
    const unknown = await eventRequest(url, 'events/poll', { name: 'nope', cursor: null });
    expect(unknown.error).toMatchObject({ code: -32011, data: { kind: 'event' } });
    const badArguments = await eventRequest(url, 'events/poll', {
      name: 'stock.low',
      arguments: { sku: 7 },
      cursor: null,
    });
    expect(badArguments.error).toMatchObject({ code: -32602, data: { field: 'arguments.sku' } });
    const badBatch = await eventRequest(url, 'events/poll', { name: 'stock.low', maxEvents: 0 });
    expect(badBatch.error).toMatchObject({ code: -32602, data: { field: 'maxEvents' } });
  });

  it('answers an invalid payload as a tool error at the emitter, storing nothing', async () => {
    const start = await poll(url, { name: 'stock.low', cursor: null });
    const result = await report('E-1', 'many' as unknown as number);
    expect(result.isError).toBe(true);
    expect((await poll(url, { name: 'stock.low', cursor: start.cursor })).events).toEqual([]);
  });

  it('declares nothing and answers -32601 in a 2025-11-25 session', async () => {
    const { client: legacy } = await connectStreamable(url);
    try {
      const capabilities = legacy.getServerCapabilities() as Record<string, unknown>;
      expect(capabilities.events).toBeUndefined();
      const extensions = capabilities.extensions as Record<string, unknown> | undefined;
      expect(extensions?.['io.modelcontextprotocol/events']).toBeUndefined();
      const refused = await legacy
        .request({ method: 'events/list', params: {} }, EmptyResultSchema)
        .then(
          () => undefined,
          (error: { code: number }) => error.code,
        );
      expect(refused).toBe(-32601);
    } finally {
      await legacy.close();
    }
  });
});
