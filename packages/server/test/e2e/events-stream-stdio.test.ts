import { killProcessGroup } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { spawnChildServer } from '../helpers/child-server.js';
import { modernEnvelope } from '../helpers/modern-raw.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

type Message = Record<string, unknown> & { params?: Record<string, unknown> };

/** A notification of `method` on the stream of request `id`, matching `also`. */
const onStream =
  (id: number, method: string, also: (params: Record<string, unknown>) => boolean = () => true) =>
  (message: Message) =>
    message.method === method &&
    (message.params?._meta as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID] === id &&
    also(message.params ?? {});

const dataOf = (params: Record<string, unknown>) => params.data as Record<string, unknown>;

describe('events/stream over stdio, 2026-07-28 (a spawned server)', () => {
  it('streams matching events as notifications, stops on cancel, resumes from a cursor, ends at shutdown', async () => {
    const server = spawnChildServer('events-server.mjs', { FIXTURE_HEARTBEAT_MS: '500' });
    const request = (id: number, method: string, params: Record<string, unknown>) =>
      server.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta: modernEnvelope() } });
    const report = async (id: number, sku: string, onHand: number) => {
      request(id, 'tools/call', { name: 'stock-report', arguments: { sku, onHand } });
      const answer = (await server.waitForMessage((message) => message.id === id)) as {
        result?: { isError?: boolean };
      };
      expect(answer.result?.isError).not.toBe(true);
    };
    try {
      request(1, 'events/stream', { name: 'stock.low', arguments: { sku: 'A' }, cursor: null });
      const active = await server.waitForMessage(onStream(1, 'notifications/events/active'));
      expect(active.params).toMatchObject({ cursor: expect.any(String), truncated: false });
      await report(2, 'B', 1);
      await report(3, 'A', 2);
      const event: Message = await server.waitForMessage(onStream(1, 'notifications/events/event'));
      expect(event.params).toMatchObject({
        name: 'stock.low',
        data: { sku: 'A', onHand: 2 },
        cursor: expect.any(String),
      });
      const heartbeat = await server.waitForMessage(onStream(1, 'notifications/events/heartbeat'));
      expect(heartbeat.params).toMatchObject({ cursor: expect.any(String) });
      const events = () =>
        server.stdoutLines
          .map((line) => JSON.parse(line) as Message)
          .filter((message) => message.method === 'notifications/events/event');
      expect(events().map((message) => dataOf(message.params ?? {}).sku)).toEqual(['A']);

      server.send({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1, reason: 'done' },
      });
      await report(4, 'A', 3);
      request(5, 'events/stream', {
        name: 'stock.low',
        arguments: { sku: 'A' },
        cursor: event.params?.cursor,
      });
      const missed = await server.waitForMessage(
        onStream(5, 'notifications/events/event', (params) => dataOf(params).onHand === 3),
      );
      expect(missed.params).toMatchObject({ data: { sku: 'A', onHand: 3 } });
      // The cancelled stream got nothing after its cancel, and never answers.
      expect(events().filter(onStream(1, 'notifications/events/event'))).toHaveLength(1);
      expect(server.stdoutLines.map((line) => JSON.parse(line)).some((m) => m.id === 1)).toBe(
        false,
      );

      // A shutdown (not the client leaving: stdout is still read) ends the stream with its result.
      server.child.kill('SIGTERM');
      const final = await server.waitForMessage((message) => message.id === 5);
      expect(final.result).toMatchObject({
        resultType: 'complete',
        _meta: { [SUBSCRIPTION_ID]: 5 },
      });
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      if (server.child.exitCode === null) killProcessGroup(server.child.pid);
    }
  }, 30_000);

  it('exits when the client closes stdin with a stream open', async () => {
    const server = spawnChildServer('events-server.mjs');
    try {
      server.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'events/stream',
        params: { name: 'stock.low', cursor: null, _meta: modernEnvelope() },
      });
      await server.waitForMessage(onStream(1, 'notifications/events/active'));
      server.child.stdin?.end();
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      if (server.child.exitCode === null) killProcessGroup(server.child.pid);
    }
  });
});
