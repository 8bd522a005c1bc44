import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A fresh temporary directory with `files` (relative path -> content) written into it. */
export async function createTempDir(files: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'apcore-core-'));
  await writeFiles(root, files);
  return root;
}

/** Writes `files` (relative path -> content) below `root`, creating directories. */
export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [relativePath, content] of Object.entries(files)) {
    const path = join(root, relativePath);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  }
}

/** Removes a directory made by {@link createTempDir}. */
export async function removeTempDir(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}
