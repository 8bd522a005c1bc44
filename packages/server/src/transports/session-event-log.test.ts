import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { SessionEventLog } from './session-event-log.js';

function notification(n: number): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: 1, progress: n },
  };
}

async function replay(log: SessionEventLog, lastEventId: string) {
  const sent: [string, JSONRPCMessage][] = [];
  const streamId = await log.replayEventsAfter(lastEventId, {
    send: async (eventId, message) => {
      sent.push([eventId, message]);
    },
  });
  return { streamId, sent };
}

describe('SessionEventLog', () => {
  it('replays the events of one stream after the given id, priming events left out', async () => {
    const log = new SessionEventLog();
    const priming = await log.storeEvent('a', {} as JSONRPCMessage);
    await log.storeEvent('b', notification(0));
    const first = await log.storeEvent('a', notification(1));
    const second = await log.storeEvent('a', notification(2));
    expect(await log.getStreamIdForEventId(priming)).toBe('a');
    expect(await replay(log, priming)).toEqual({
      streamId: 'a',
      sent: [
        [first, notification(1)],
        [second, notification(2)],
      ],
    });
    expect((await replay(log, second)).sent).toEqual([]);
  });

  it('keeps only the newest events, and still resumes from an id it dropped', async () => {
    const log = new SessionEventLog(2);
    const dropped = await log.storeEvent('a', notification(1));
    await log.storeEvent('a', notification(2));
    const kept = await log.storeEvent('a', notification(3));
    const { sent } = await replay(log, dropped);
    expect(sent.map(([eventId]) => eventId)).toHaveLength(2);
    expect(sent.at(-1)).toEqual([kept, notification(3)]);
  });

  it('knows no stream for an id it did not issue', async () => {
    const log = new SessionEventLog();
    await log.storeEvent('a', notification(1));
    for (const forged of ['', 'a', 'a:0', 'a:2', ':1', 'a:x', 'a:1e0']) {
      expect(await log.getStreamIdForEventId(forged)).toBeUndefined();
    }
    expect((await replay(log, 'a:7')).sent).toEqual([]);
  });

  it('forgets the streams whose answers were delivered, and keeps every other', async () => {
    const log = new SessionEventLog();
    const delivered = await log.storeEvent('a', {} as JSONRPCMessage);
    await log.storeEvent('a', { jsonrpc: '2.0', id: 7, result: {} });
    const broken = await log.storeEvent('b', {} as JSONRPCMessage);
    const progress = await log.storeEvent('b', notification(1));
    const unanswered = await log.storeEvent('c', {} as JSONRPCMessage);
    log.forgetStreamsAnswering([7, 'never-answered']);
    expect((await replay(log, delivered)).sent).toEqual([]);
    expect((await replay(log, broken)).sent).toEqual([[progress, notification(1)]]);
    // Forgetting never invalidates an id: the client is told the stream has nothing more.
    expect(await log.getStreamIdForEventId(delivered)).toBe('a');
    expect(await log.getStreamIdForEventId(unanswered)).toBe('c');
  });

  it('forgets the stream of the newest answer to an id used again', async () => {
    const log = new SessionEventLog();
    const first = await log.storeEvent('a', {} as JSONRPCMessage);
    const firstAnswer: JSONRPCMessage = { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' } };
    const firstAnswerId = await log.storeEvent('a', firstAnswer);
    const second = await log.storeEvent('b', {} as JSONRPCMessage);
    await log.storeEvent('b', { jsonrpc: '2.0', id: 1, result: {} });
    log.forgetStreamsAnswering([1]);
    expect((await replay(log, first)).sent).toEqual([[firstAnswerId, firstAnswer]]);
    expect((await replay(log, second)).sent).toEqual([]);
  });
});
