import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, removeTempDir } from '../__fixtures__/temp-dir.js';
import { findSchemaProblems } from '../schema-problems.js';
import { type FileFingerprint, fingerprintFile } from './file-fingerprint.js';
import { ModuleCache } from './module-cache.js';
import type { ModuleSnapshot } from './module-snapshot.js';

const SNAPSHOT: ModuleSnapshot = {
  fields: { description: 'Greet', inputSchema: { type: 'object' } },
  execute: true,
  stream: false,
};

let root: string;
let dir: string;
let greet: string;
let print: FileFingerprint;

beforeEach(async () => {
  root = await createTempDir({ 'greet.js': 'export default {};\n' });
  dir = join(root, '.apcore-mcp-cache');
  greet = join(root, 'greet.js');
  print = fingerprintFile(greet);
});

afterEach(async () => {
  await removeTempDir(root);
});

function open(options: { support?: string } = {}) {
  const logger = createRecordingLogger();
  const opened = ModuleCache.open(root, { dir, support: options.support ?? 's1', logger });
  return { logger, opened };
}

describe('ModuleCache', () => {
  it('gives back what was saved, for the same file only', async () => {
    const { opened } = open();
    const first = await opened;
    first.remember(greet, print, SNAPSHOT);
    await first.save([greet]);
    const second = await open().opened;
    expect(second.lookup(greet)).toEqual({ snapshot: SNAPSHOT, print: expect.anything() });
    expect(second.lookup(join(root, 'other.js'))).toEqual({});
    await writeFile(greet, 'export default { description: "changed" };\n');
    const changed = second.lookup(greet);
    expect(changed.snapshot).toBeUndefined();
    expect(changed.print?.hash).not.toBe(print.hash);
  });

  it('trusts the stamp of a file that had settled when it was hashed, without reading it', async () => {
    const cache = await open().opened;
    // An entry of this very stamp whose hash no read would give: served, so nothing was read.
    const settled = { ...print, hash: 'not-the-content', hashedAt: print.ctimeMs + 10_000 };
    cache.remember(greet, settled, SNAPSHOT);
    expect(cache.lookup(greet)).toEqual({ snapshot: SNAPSHOT, print: settled });
  });

  it('reads a file changed just before its hashing, whose stamp cannot vouch for it', async () => {
    const cache = await open().opened;
    cache.remember(greet, { ...print, hash: 'not-the-content' }, SNAPSHOT);
    expect(cache.lookup(greet).snapshot).toBeUndefined();
  });

  it('keeps, refreshed, the entry of a file whose times changed but whose content did not', async () => {
    const first = await open().opened;
    first.remember(greet, print, SNAPSHOT);
    await first.save([greet]);
    await utimes(greet, new Date(2020, 0, 1), new Date(2020, 0, 1));
    const second = await open().opened;
    const found = second.lookup(greet);
    expect(found.snapshot).toEqual(SNAPSHOT);
    expect(found.print).toMatchObject({
      hash: print.hash,
      mtimeMs: new Date(2020, 0, 1).getTime(),
    });
    await second.save([greet]);
    const written = JSON.parse(await readFile(join(dir, 'modules.json'), 'utf8'));
    expect(written.entries['greet.js'].mtimeMs).toBe(new Date(2020, 0, 1).getTime());
  });

  it('drops every entry when the helper files changed', async () => {
    const first = await open({ support: 's1' }).opened;
    first.remember(greet, print, SNAPSHOT);
    await first.save([greet]);
    expect((await open({ support: 's2' }).opened).lookup(greet).snapshot).toBeUndefined();
  });

  it('drops the entries of files no longer there when it saves', async () => {
    const first = await open().opened;
    first.remember(greet, print, SNAPSHOT);
    await first.save([greet]);
    const second = await open().opened;
    await second.save([]);
    expect((await open().opened).lookup(greet).snapshot).toBeUndefined();
  });

  it.each([
    ['text that is not JSON', '{ "format": 2,', 'it is not valid JSON'],
    ['an array', '[]', 'it is not a JSON object'],
    [
      'another version',
      JSON.stringify({ format: 2, runtime: '99.0.0', support: 's1', entries: {} }),
      'it was written by another version (format 2, runtime 99.0.0)',
    ],
  ])('ignores %s with a warning, and rewrites it', async (_name, content, reason) => {
    await mkdir(dir);
    await writeFile(join(dir, 'modules.json'), content);
    const { logger, opened } = open();
    const cache = await opened;
    expect(logger.warnings()).toEqual([
      `Ignoring the module cache ${join(dir, 'modules.json')}: ${reason}; it is rebuilt`,
    ]);
    await cache.save([greet]);
    const written = JSON.parse(await readFile(join(dir, 'modules.json'), 'utf8'));
    expect(written).toMatchObject({ format: 3, support: 's1', entries: {} });
  });

  it('records that the schemas passed, and serves them frozen without checking them again', async () => {
    const first = await open().opened;
    first.remember(greet, print, SNAPSHOT);
    await first.save([greet]);
    const file = join(dir, 'modules.json');
    const written = JSON.parse(await readFile(file, 'utf8'));
    const entries = Object.values(written.entries) as Record<string, unknown>[];
    expect(entries).toEqual([expect.objectContaining({ schemasChecked: true })]);
    const entry = entries[0] as Record<string, unknown>;
    // The verdict stands for the schema the entry holds: one no check would pass proves it is
    // taken from the entry.
    entry.snapshot = { ...SNAPSHOT, fields: { inputSchema: { type: 'nmber', properties: {} } } };
    await writeFile(file, JSON.stringify(written));
    const schema = (await open().opened).lookup(greet).snapshot?.fields.inputSchema as object;
    expect(findSchemaProblems(schema)).toEqual([]);
    expect(Object.isFrozen(schema)).toBe(true);
    expect(Object.isFrozen((schema as { properties: object }).properties)).toBe(true);
  });

  it('checks again, at every start, schemas that broke their meta-schema', async () => {
    const broken: ModuleSnapshot = { ...SNAPSHOT, fields: { inputSchema: { type: 'nmber' } } };
    const first = await open().opened;
    first.remember(greet, print, broken);
    await first.save([greet]);
    const written = JSON.parse(await readFile(join(dir, 'modules.json'), 'utf8'));
    expect(Object.values(written.entries)).toEqual([
      expect.objectContaining({ schemasChecked: false }),
    ]);
    const schema = (await open().opened).lookup(greet).snapshot?.fields.inputSchema;
    expect(findSchemaProblems(schema)).toEqual([expect.objectContaining({ pointer: '/type' })]);
    expect(Object.isFrozen(schema)).toBe(false);
  });

  it('keeps the cache out of version control', async () => {
    const cache = await open().opened;
    cache.remember(greet, print, SNAPSHOT);
    await cache.save([greet]);
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe('*\n');
  });

  it('warns, and throws nothing, when it cannot write', async () => {
    await writeFile(join(root, 'file'), '');
    const logger = createRecordingLogger();
    const cache = await ModuleCache.open(root, {
      dir: join(root, 'file', 'cache'),
      support: 's1',
      logger,
    });
    cache.remember(greet, print, SNAPSHOT);
    await cache.save([greet]);
    expect(logger.warnings()).toEqual([
      `Cannot write the module cache ${join(root, 'file', 'cache', 'modules.json')} (ENOTDIR): modules are imported at every start`,
    ]);
  });

  it('leaves one whole file when several write at once', async () => {
    const caches = await Promise.all([1, 2, 3, 4].map(() => open().opened));
    await Promise.all(
      caches.map((cache, index) => {
        cache.remember(greet, print, { ...SNAPSHOT, fields: { description: `v${index}` } });
        return cache.save([greet]);
      }),
    );
    const { snapshot } = (await open().opened).lookup(greet);
    expect(snapshot?.fields.description).toMatch(/^v[0-3]$/);
  });
});
