import {
  createRecordingLogger,
  openEventStream,
  type StreamMessage,
} from '@apcore-mcp/test-support';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { connectModernStreamable } from '../helpers/clients.js';
import { createEventRegistry, poll, STOCK_LOW } from '../helpers/event-requests.js';

const SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';
const isEvent = (message: StreamMessage) => message.method === 'notifications/events/event';

describe('events/stream over Streamable HTTP', () => {
  let server: ServerHandle;
  let url: string;
  let client: Client;
  let reportTool: string;

  beforeAll(async () => {
    server = await startServer(createEventRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      eventTypes: [STOCK_LOW],
      eventHeartbeatMs: 200,
      // Quicker than the heartbeat: a comment would show up before the second heartbeat.
      sseKeepAliveMs: 50,
      maxEventStreamsPerSubject: 2,
    });
    url = server.url ?? '';
    client = await connectModernStreamable(url);
    const { tools } = await client.listTools();
    reportTool = tools.find((tool) => tool.name.includes('report'))?.name ?? '';
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  const report = (sku: string, onHand: number) =>
    client.callTool({ name: reportTool, arguments: { sku, onHand } });

  it('sends active, the backlog after the cursor, live events and heartbeats, each with the subscription id', async () => {
    const start = await poll(url, { name: 'stock.low', cursor: null });
    await report('S-1', 1);
    const stream = await openEventStream(url, {
      name: 'stock.low',
      arguments: { sku: 'S-1' },
      cursor: start.cursor,
    });
    try {
      const active = await stream.next();
      expect(active).toMatchObject({
        method: 'notifications/events/active',
        params: { truncated: false, _meta: { [SUBSCRIPTION]: stream.id } },
      });
      const backlog = await stream.next(isEvent);
      expect(backlog.params).toMatchObject({ name: 'stock.low', data: { sku: 'S-1', onHand: 1 } });
      await report('S-2', 9);
      await report('S-1', 0);
      const live = await stream.next(isEvent);
      expect(live.params).toMatchObject({
        data: { sku: 'S-1', onHand: 0 },
        _meta: { [SUBSCRIPTION]: stream.id },
      });
      expect(typeof live.params?.cursor).toBe('string');
      const heartbeat = await stream.next(
        (message) => message.method === 'notifications/events/heartbeat',
      );
      expect(heartbeat.params).toMatchObject({
        cursor: expect.any(String),
        _meta: { [SUBSCRIPTION]: stream.id },
      });
      await stream.next((message) => message.method === 'notifications/events/heartbeat');
      // The heartbeats keep the stream alive: no SSE comment, which could carry no cursor.
      expect(stream.comments).toEqual([]);
      // Resuming from the last event's cursor replays nothing already seen.
      const resumed = await poll(url, { name: 'stock.low', cursor: live.params?.cursor });
      expect(resumed.events).toEqual([]);
    } finally {
      stream.abort();
    }
  });

  it('answers an invalid subscription with a JSON-RPC error and no stream', async () => {
    const stream = await openEventStream(url, { name: 'nope', cursor: null });
    await stream.ended;
    expect(stream.messages).toMatchObject([{ error: { code: -32011 } }]);
  });

  it('refuses a stream past the per-subject cap, and frees the seat when one closes', async () => {
    const first = await openEventStream(url, { name: 'stock.low' });
    const second = await openEventStream(url, { name: 'stock.low' });
    await Promise.all([first.next(), second.next()]);
    const third = await openEventStream(url, { name: 'stock.low' });
    await third.ended;
    expect(third.messages).toMatchObject([
      { error: { code: -32013, data: { limit: 'streams', max: 2 } } },
    ]);
    first.abort();
    second.abort();
    await expect
      .poll(async () => {
        const again = await openEventStream(url, { name: 'stock.low' });
        const message = await again.next();
        again.abort();
        return message.method;
      })
      .toBe('notifications/events/active');
  });
});

describe('a server that shuts down', () => {
  it('ends each open stream with its final frame', async () => {
    const server = await startServer(createEventRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      eventTypes: [STOCK_LOW],
    });
    const stream = await openEventStream(server.url ?? '', { name: 'stock.low' });
    await stream.next();
    const closing = server.close();
    const final = await stream.next((message) => message.result !== undefined);
    expect(final).toMatchObject({
      id: stream.id,
      result: { resultType: 'complete', _meta: { [SUBSCRIPTION]: stream.id } },
    });
    await closing;
  });
});
