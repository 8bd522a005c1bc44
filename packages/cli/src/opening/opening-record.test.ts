import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Opening,
  type OpeningExchange,
  openingRecordPath,
  readOpeningRecord,
  withOpening,
  writeOpeningRecord,
} from './opening-record.js';

const KEY = 'a'.repeat(64);
const EXCHANGES: OpeningExchange[] = [
  { method: 'initialize', params: { protocolVersion: '2025-11-25' }, answer: { result: {} } },
  { method: 'notifications/initialized' },
  { method: 'tools/list', answer: { error: { code: -32603, message: 'no' } } },
];

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-opening-record-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('opening records', () => {
  it('reads back what was written, under its own key only', async () => {
    const path = openingRecordPath(join(dir, 'cache'), KEY);
    await writeOpeningRecord(path, KEY, [EXCHANGES]);
    expect(await readOpeningRecord(path, KEY)).toEqual({ openings: [EXCHANGES] });
    // A record of other settings or files (the path names the key's start only): not used.
    expect(await readOpeningRecord(path, 'b'.repeat(64))).toEqual({});
    expect(await readdir(join(dir, 'cache'))).toEqual([path.split('/').at(-1)]);
  });

  it('has nothing to say of a missing record, and says why a broken one is not used', async () => {
    const path = openingRecordPath(dir, KEY);
    expect(await readOpeningRecord(path, KEY)).toEqual({});
    await writeFile(path, '{"format":1,');
    expect((await readOpeningRecord(path, KEY)).problem).toMatch(/is not JSON/);
    await writeFile(path, JSON.stringify({ format: 2, key: KEY, openings: [[{ method: 7 }]] }));
    expect(await readOpeningRecord(path, KEY)).toEqual({
      problem: `${path} does not hold openings`,
    });
    // Another format is another version's: not read, and not worth a warning.
    await writeFile(path, JSON.stringify({ format: 1, key: KEY, exchanges: EXCHANGES }));
    expect(await readOpeningRecord(path, KEY)).toEqual({});
  });

  it('keeps the eight newest records of a directory, and clears writes that never finished', async () => {
    const keys = Array.from({ length: 10 }, (_, index) => index.toString(16).repeat(64));
    for (const [index, key] of keys.entries()) {
      const path = openingRecordPath(dir, key);
      await writeOpeningRecord(path, key, [EXCHANGES]);
      // One second apart: the order is the file system's, not the loop's.
      await utimes(path, 1_700_000_000 + index, 1_700_000_000 + index);
    }
    const abandoned = `${openingRecordPath(dir, KEY)}.0000.tmp`;
    await writeFile(abandoned, '{"format":1');
    await utimes(abandoned, 1_600_000_000, 1_600_000_000);
    await writeOpeningRecord(openingRecordPath(dir, KEY), KEY, [EXCHANGES]);
    const left = (await readdir(dir)).map((name) => join(dir, name));
    expect(left).toHaveLength(8);
    expect(left).toContain(openingRecordPath(dir, KEY));
    expect(left).not.toContain(openingRecordPath(dir, keys[0] as string));
    expect(left.some((name) => name.endsWith('.tmp'))).toBe(false);
    expect(JSON.parse(await readFile(openingRecordPath(dir, KEY), 'utf8')).key).toBe(KEY);
  });

  it('keeps one opening per first message, the latest first, four at most', () => {
    const opening = (client: string, tools: number): OpeningExchange[] => [
      { method: 'initialize', params: { clientInfo: { name: client } }, answer: { result: {} } },
      { method: 'tools/list', answer: { result: { tools: Array(tools).fill({}) } } },
    ];
    let openings: Opening[] = [];
    for (const client of ['a', 'b', 'c', 'd', 'e'])
      openings = withOpening(openings, opening(client, 1));
    openings = withOpening(openings, opening('c', 2));
    const clients = openings.map((each) => JSON.stringify(each[0]?.params));
    expect(clients).toEqual(
      ['c', 'e', 'd', 'b'].map((name) => JSON.stringify({ clientInfo: { name } })),
    );
    expect(openings[0]).toEqual(opening('c', 2));
  });
});
