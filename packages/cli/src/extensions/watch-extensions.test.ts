import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createRecordingLogger, type RecordingLogger } from '@apcore-mcp/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ExtensionsWatcher, watchExtensions } from './watch-extensions.js';

let rootDir: string;
let logger: RecordingLogger;
let watcher: ExtensionsWatcher | undefined;
/** Every path handed to `sync`, in order. */
let synced: string[];
/** Resolves the waiter whose path was just synced. */
let waiters: Array<{ path: string; resolve: () => void }>;

/** Resolves once `sync` has been handed `path`. */
function whenSynced(path: string): Promise<void> {
  if (synced.includes(path)) return Promise.resolve();
  return new Promise((resolve) => waiters.push({ path, resolve }));
}

async function start(sync?: (path: string) => Promise<void>): Promise<void> {
  watcher = watchExtensions({
    rootDir,
    logger,
    debounceMs: 20,
    sync: async (path) => {
      synced.push(path);
      for (const waiter of waiters.filter((each) => each.path === path)) waiter.resolve();
      await sync?.(path);
    },
  });
  await watcher.ready;
}

beforeEach(async () => {
  rootDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-watch-unit-'));
  logger = createRecordingLogger();
  synced = [];
  waiters = [];
});

afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
  await rm(rootDir, { recursive: true, force: true });
});

describe('watchExtensions', () => {
  it('says it is watching once ready, and hands over each file written, renamed or deleted', async () => {
    await start();
    expect(logger.messages('info')).toEqual([`Watching ${rootDir} for module changes`]);
    const first = join(rootDir, 'a.mjs');
    await writeFile(first, 'export default {};\n');
    await whenSynced(first);
    const second = join(rootDir, 'b.mjs');
    synced.length = 0;
    await rename(first, second);
    await Promise.all([whenSynced(second), whenSynced(first)]);
    synced.length = 0;
    await rm(second);
    await whenSynced(second);
  });

  it('hands over the files of a new sub-directory, nothing under _lib or a dot directory', async () => {
    await start();
    await mkdir(join(rootDir, '_lib'));
    await writeFile(join(rootDir, '_lib', 'helper.mjs'), 'export const x = 1;\n');
    await mkdir(join(rootDir, '.cache'));
    await writeFile(join(rootDir, '.cache', 'c.mjs'), 'export default {};\n');
    await mkdir(join(rootDir, 'image'));
    const nested = join(rootDir, 'image', 'resize.mjs');
    await writeFile(nested, 'export default {};\n');
    await whenSynced(nested);
    expect(synced.filter((path) => path.includes('_lib') || path.includes('.cache'))).toEqual([]);
  });

  it('hands over every file of new sub-directories, however soon after its directory it is written', async () => {
    await start();
    const files = Array.from({ length: 200 }, (_, index) =>
      join(rootDir, `group${index}`, 'nested', 'tool.mjs'),
    );
    // Another process writes each file a few milliseconds after its directory, while this one
    // is kept busy: the file then often lands between chokidar's reading of the new directory
    // and its watching of it.
    const writer = `const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
for (const file of ${JSON.stringify(files)}) {
  mkdirSync(dirname(file), { recursive: true });
  const until = Date.now() + Math.random() * 6;
  while (Date.now() < until);
  writeFileSync(file, 'export default {};');
}`;
    const busy = setInterval(() => {
      const until = Date.now() + 4;
      while (Date.now() < until);
    }, 5);
    try {
      await promisify(execFile)(process.execPath, ['-e', writer]);
    } finally {
      clearInterval(busy);
    }
    const deadline = Date.now() + 10_000;
    while (!files.every((file) => synced.includes(file)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(files.filter((file) => !synced.includes(file))).toEqual([]);
  }, 20_000);

  it('logs a change it could not apply and goes on with the next ones', async () => {
    const broken = join(rootDir, 'broken.mjs');
    await start(async (path) => {
      if (path === broken) throw new Error('cannot load');
    });
    await writeFile(broken, 'export default {\n');
    await whenSynced(broken);
    const good = join(rootDir, 'good.mjs');
    await writeFile(good, 'export default {};\n');
    await whenSynced(good);
    expect(logger.messages('error')).toEqual([`Could not apply the change to ${broken}`]);
  });
});
