import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confineFiles } from './confined-files.js';
import { UnreadableFileError } from './unreadable-file-error.js';

/** The reason `promise` was refused with, failing the test if it was not an UnreadableFileError. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!UnreadableFileError.isInstance(error)) throw new Error(`not refused: ${String(error)}`);
  return error.details.reason;
}

describe('confineFiles', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'apcore-mcp-confined-unit-'));
    await mkdir(join(root, 'served/sub'), { recursive: true });
    await mkdir(join(root, 'elsewhere'));
    await writeFile(join(root, 'served/sub/file.txt'), 'inside');
    await writeFile(join(root, 'elsewhere/file.txt'), 'outside');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('reads a file inside the folder, by relative or absolute path', async () => {
    const files = confineFiles(join(root, 'served'));
    expect((await files.read('sub/file.txt')).toString()).toBe('inside');
    expect((await files.read(join(root, 'served/sub/file.txt'))).toString()).toBe('inside');
  });

  it('refuses a path that climbs out, and a folder swapped for a symlink to elsewhere', async () => {
    const files = confineFiles(join(root, 'served'));
    expect(await refusal(files.read('../elsewhere/file.txt'))).toBe('outside');
    await rename(join(root, 'served/sub'), join(root, 'served/sub-moved'));
    await symlink(join(root, 'elsewhere'), join(root, 'served/sub'));
    expect(await refusal(files.read('sub/file.txt'))).toBe('outside');
  });

  it('follows a symlink that stays inside the folder', async () => {
    await symlink(join(root, 'served/sub'), join(root, 'served/alias'));
    const files = confineFiles(join(root, 'served'));
    expect((await files.read('alias/file.txt')).toString()).toBe('inside');
  });

  it('keeps the real path taken when made: the folder itself swapped later is outside', async () => {
    const files = confineFiles(join(root, 'served'));
    await files.read('sub/file.txt');
    await rename(join(root, 'served'), join(root, 'served-moved'));
    await mkdir(join(root, 'elsewhere/sub'));
    await writeFile(join(root, 'elsewhere/sub/file.txt'), 'outside');
    await symlink(join(root, 'elsewhere'), join(root, 'served'));
    expect(await refusal(files.read('sub/file.txt'))).toBe('outside');
  });

  it('answers a missing file, a folder and a FIFO without reading them', async () => {
    const files = confineFiles(join(root, 'served'));
    expect(await refusal(files.read('sub/none.txt'))).toBe('missing');
    expect(await refusal(files.read('sub/file.txt/deeper'))).toBe('missing');
    expect(await refusal(files.read('sub'))).toBe('not-a-file');
    execFileSync('mkfifo', [join(root, 'served/sub/pipe')]);
    // Opened without blocking: no writer ever comes, and the read still answers.
    expect(await refusal(files.read('sub/pipe'))).toBe('not-a-file');
  });

  it('has nothing to read in a folder missing when it was made', async () => {
    const files = confineFiles(join(root, 'not-there'));
    expect(await refusal(files.read('file.txt'))).toBe('missing');
  });
});
