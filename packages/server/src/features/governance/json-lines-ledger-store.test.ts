import fs from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JsonLinesLedgerStore } from './json-lines-ledger-store.js';
import { type LedgerRecord, parseLedgerLine } from './ledger-record.js';

function record(tool: string): LedgerRecord {
  return {
    time: '2026-11-24T14:00:00.000Z',
    subject: 'alice',
    tool,
    moduleId: tool.replace('-', '.'),
    arguments: { a: 1 },
    durationMs: 1.5,
    outcome: 'ok',
    cost: 0,
  };
}

async function readRecords(path: string): Promise<LedgerRecord[]> {
  const text = await readFile(path, 'utf8');
  return text === '' ? [] : text.trimEnd().split('\n').map(parseLedgerLine);
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-ledger-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

describe('JsonLinesLedgerStore', () => {
  it('creates the file with mode 0600 and writes nothing before a batch is due', async () => {
    const path = join(dir, 'ledger.jsonl');
    const store = new JsonLinesLedgerStore({ path, maxBatchRecords: 3 });
    store.append(record('a-one'));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readRecords(path)).toEqual([]);
    await store.close();
    expect(await readRecords(path)).toEqual([record('a-one')]);
  });

  it('writes a batch once it is full, and fsyncs each batch', async () => {
    const fsync = vi.spyOn(fs, 'fsync');
    const path = join(dir, 'ledger.jsonl');
    const store = new JsonLinesLedgerStore({ path, maxBatchRecords: 2 });
    store.append(record('a-one'));
    store.append(record('a-two'));
    await store.flush();
    expect((await readRecords(path)).map((entry) => entry.tool)).toEqual(['a-one', 'a-two']);
    expect(fsync).toHaveBeenCalledTimes(1);
    store.append(record('a-three'));
    await store.close();
    expect((await readRecords(path)).map((entry) => entry.tool)).toEqual([
      'a-one',
      'a-two',
      'a-three',
    ]);
    expect(fsync).toHaveBeenCalledTimes(2);
  });

  it('writes a partial batch once the flush interval has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const path = join(dir, 'ledger.jsonl');
    const store = new JsonLinesLedgerStore({ path, flushIntervalMs: 1000 });
    store.append(record('a-one'));
    vi.advanceTimersByTime(999);
    expect(await readRecords(path)).toEqual([]);
    vi.advanceTimersByTime(1);
    // The timer has started the write; flush() with nothing pending waits for it.
    await store.flush();
    expect(await readRecords(path)).toHaveLength(1);
    await store.close();
  });

  it('appends to an existing file and keeps every record across many batches', async () => {
    const path = join(dir, 'ledger.jsonl');
    const first = new JsonLinesLedgerStore({ path, maxBatchRecords: 7 });
    for (let index = 0; index < 50; index++) first.append(record(`t-${index}`));
    await first.close();
    const second = new JsonLinesLedgerStore({ path });
    second.append(record('t-last'));
    await second.close();
    const tools = (await readRecords(path)).map((entry) => entry.tool);
    expect(tools).toHaveLength(51);
    expect(tools.at(-1)).toBe('t-last');
  });

  it('logs a failed write at WARN and keeps going', async () => {
    const logger = createRecordingLogger();
    const store = new JsonLinesLedgerStore({ path: '/dev/full', logger, maxBatchRecords: 1 });
    expect(() => store.append(record('a-one'))).not.toThrow();
    await store.close();
    const warning = logger.entries.find((entry) => entry.level === 'warn');
    expect(warning?.message).toBe('Could not write 1 ledger records to /dev/full');
  });

  it('refuses a path whose directory does not exist, naming it', () => {
    const path = join(dir, 'missing', 'ledger.jsonl');
    expect(() => new JsonLinesLedgerStore({ path })).toThrow(
      `ledger: directory ${join(dir, 'missing')} does not exist`,
    );
  });

  it('drops records appended after close, with a warning', async () => {
    const logger = createRecordingLogger();
    const path = join(dir, 'ledger.jsonl');
    const store = new JsonLinesLedgerStore({ path, logger });
    await store.close();
    store.append(record('late'));
    expect(logger.entries.some((entry) => entry.message?.includes('after close'))).toBe(true);
    expect(await readRecords(path)).toEqual([]);
  });
});
