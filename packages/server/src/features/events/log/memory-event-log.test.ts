import { describeEventLogContract } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryEventLog } from './memory-event-log.js';

describeEventLogContract('memory', () => createMemoryEventLog());

const event = (eventId: string, data: Record<string, unknown> = {}) => ({
  eventId,
  name: 'stock.low',
  timestamp: new Date().toISOString(),
  data,
});

describe('the memory event log', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the newest eventBufferSize of a type, and a read from before them is truncated', async () => {
    const log = createMemoryEventLog();
    const bounds = { retentionMs: 60_000, maxLength: 3 };
    for (let index = 1; index <= 5; index += 1) await log.append(event(`e${index}`), bounds);
    const read = await log.read('stock.low', '0', { limit: 10 });
    expect(read.events.map((kept) => kept.eventId)).toEqual(['e3', 'e4', 'e5']);
    expect(read.truncated).toBe(true);
    expect((await log.read('stock.low', '3', { limit: 10 })).truncated).toBe(false);
  });

  it('drops occurrences older than the retention, and forgets their eventIds then', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const log = createMemoryEventLog();
    const bounds = { retentionMs: 1000, maxLength: 100 };
    await log.append(event('old'), bounds);
    expect((await log.append(event('old'), bounds)).duplicate).toBe(true);
    vi.setSystemTime(1_002_000);
    const again = await log.append(event('old', { again: true }), bounds);
    expect(again.duplicate).toBe(false);
    const read = await log.read('stock.low', '0', { limit: 10 });
    expect(read.events.map((kept) => kept.data)).toEqual([{ again: true }]);
    expect(read.truncated).toBe(true);
  });

  it('answers a duplicate with the position of the occurrence stored first', async () => {
    const log = createMemoryEventLog();
    const bounds = { retentionMs: 60_000, maxLength: 100 };
    const first = await log.append(event('same'), bounds);
    await log.append(event('other'), bounds);
    expect(await log.append(event('same'), bounds)).toEqual({
      position: first.position,
      duplicate: true,
    });
  });

  it('has a fresh epoch per log, so a restarted server reads old cursors as a gap', () => {
    expect(createMemoryEventLog().epoch).not.toBe(createMemoryEventLog().epoch);
  });
});
