import { defineEventType } from '@apcore-mcp/core';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createEventRegistry, eventRequest, STOCK_LOW } from '../helpers/event-requests.js';

const ORDER_PLACED = defineEventType({
  name: 'order.placed',
  description: 'An order was placed',
  tags: ['orders', 'public'],
  payloadSchema: { type: 'object', properties: { orderId: { type: 'string' } } },
});
const AUDIT_LOGGED = defineEventType({
  name: 'audit.logged',
  description: 'An audit record was written',
  tags: ['orders', 'internal'],
});

describe("event types under the server's tag filter", () => {
  let server: ServerHandle;
  let url: string;

  beforeAll(async () => {
    server = await startServer(createEventRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      eventTypes: [STOCK_LOW, ORDER_PLACED, AUDIT_LOGGED],
      anyTags: ['orders'],
      excludeTags: ['internal'],
    });
    url = server.url ?? '';
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists only the types whose tags pass, as tools are filtered', async () => {
    const listed = await eventRequest(url, 'events/list', {});
    const names = ((listed.result?.events ?? []) as { name: string }[]).map((type) => type.name);
    expect(names).toEqual(['order.placed']);
  });

  it('answers a filtered-out type NotFound for poll and stream, as an unknown one', async () => {
    for (const name of ['stock.low', 'audit.logged']) {
      const polled = await eventRequest(url, 'events/poll', { name, cursor: null });
      expect(polled.error).toMatchObject({ code: -32011, data: { kind: 'event' } });
      const streamed = await eventRequest(url, 'events/stream', { name, cursor: null });
      expect(streamed.error).toMatchObject({ code: -32011, data: { kind: 'event' } });
    }
    const served = await eventRequest(url, 'events/poll', { name: 'order.placed', cursor: null });
    expect(served.result).toMatchObject({ events: [], truncated: false });
  });
});
